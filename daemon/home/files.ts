// Private files: written atomically with mode 0600 (keys, tokens) in folders of mode 0700.
import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import { MeshError, parseKeyFile, serializeKeyFile, type KeyPair } from '../../cards/index.js'

export function ensurePrivateDir (dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
}

/** Writes via a temp file + fsync + rename, so a crash never leaves half a key. */
export function writePrivateFile (path: string, content: string, mode = 0o600): void {
  ensurePrivateDir(dirname(path))
  const tmp = `${path}.tmp-${process.pid}`
  const fd = openSync(tmp, 'w', mode)
  try {
    writeSync(fd, content)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  chmodSync(tmp, mode)
  renameSync(tmp, path)
}

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
