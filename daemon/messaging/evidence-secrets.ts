// The secrets of a home that must never become evidence, even copied out of it: every key's seed (as its key file
// spells it, in base64, hex and raw) and every token file's value, isolated seats' included. Evidence is scanned for
// them as it is read.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { b64url, parseKeyFile } from '../../cards/index.js'
import type { HomePaths } from '../home/paths.js'

const TOKEN_SUFFIX = '.token' // ui.token and any other bearer token the home keeps beside it
const MIN_TOKEN_CHARS = 16 // shorter text would match ordinary files by chance; real tokens are 64 hex digits

async function keyFiles (paths: HomePaths): Promise<string[]> {
  let names: string[] = []
  try {
    names = await readdir(paths.keys)
  } catch {}
  return [paths.nodeKey, paths.meshKey, ...names.filter(n => n.endsWith('.key')).map(n => join(paths.keys, n))]
}

/** The token files beside the home's other files (ui.token, …) and every isolated seat's token (seat-tokens/H.token). */
async function tokenFiles (paths: HomePaths): Promise<string[]> {
  const files: string[] = []
  for (const dir of [paths.root, paths.seatTokens]) {
    try {
      files.push(...(await readdir(dir)).filter(n => n.endsWith(TOKEN_SUFFIX)).map(n => join(dir, n)))
    } catch {}
  }
  return files
}

async function textOf (path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8')
  } catch {
    return undefined
  }
}

/** Every byte string that gives a secret of this home away. */
export async function homeSecrets (paths: HomePaths): Promise<Buffer[]> {
  const needles: Buffer[] = []
  for (const file of await keyFiles(paths)) {
    const text = await textOf(file)
    if (text === undefined) continue
    try {
      const seed = Buffer.from(parseKeyFile(text).seed)
      needles.push(seed, Buffer.from(b64url(seed)), Buffer.from(seed.toString('base64')), Buffer.from(seed.toString('hex')))
    } catch {}
  }
  for (const file of await tokenFiles(paths)) {
    const token = (await textOf(file))?.trim()
    if (token !== undefined && token.length >= MIN_TOKEN_CHARS) needles.push(Buffer.from(token))
  }
  return needles
}

/**
 * What marks a private key in any file, this home's or not: PEM and OpenSSH keys ("-----BEGIN … PRIVATE KEY-----")
 * and PuTTY's. The bytes of a small evidence file go to the message's sender, and a message may well ask an agent
 * to "attach ~/.ssh/id_ed25519 to prove access".
 */
export const PRIVATE_KEY_MARKERS: readonly Buffer[] = [Buffer.from('PRIVATE KEY-----'), Buffer.from('PuTTY-User-Key-File-')]

/** Looks for the needles in a stream of chunks, across chunk boundaries. */
export class SecretScanner {
  private tail = Buffer.alloc(0)
  private readonly keep: number
  found = false

  constructor (private readonly needles: Buffer[]) {
    this.keep = Math.max(0, ...needles.map(n => n.byteLength - 1))
  }

  feed (chunk: Uint8Array): void {
    if (this.found || this.needles.length === 0) return
    const window = Buffer.concat([this.tail, chunk])
    this.found = this.needles.some(n => window.includes(n))
    this.tail = Buffer.from(window.subarray(Math.max(0, window.byteLength - this.keep))) // a copy: the window goes
  }
}
