// Private files: written atomically with mode 0600 (keys, tokens) in folders of mode 0700.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { MeshError, parseKeyFile, serializeKeyFile, type KeyPair } from '../../cards/index.js'
import { writePrivateFile } from '../runtime/private-files.js'

export { ensurePrivateDir, syncDir, writePrivateFile } from '../runtime/private-files.js'

export function readKeyFile (path: string, what: string): KeyPair {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (err) {
    throw new MeshError('KEY_MISSING', `${what} (${path}) cannot be read; run aios-comm init`, { cause: err })
  }
  return parseKeyFile(text, `${what} (${path})`)
}

export function writeKeyFile (path: string, pair: KeyPair): void {
  writePrivateFile(path, serializeKeyFile(pair))
}

/** The permission bits of a file, or undefined when it does not exist. */
export function fileMode (path: string): number | undefined {
  return existsSync(path) ? statSync(path).mode & 0o777 : undefined
}
