// The web page's action token: a random secret in the home (ui.token, mode 0600), created on first use. Reading
// the page needs nothing; ack, reject and retry need `Authorization: Bearer <token>` — whoever can read the home.
import { existsSync, readFileSync } from 'node:fs'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { join } from 'node:path'
import { writePrivateFile } from '../home/files.js'

export const TOKEN_FILE = 'ui.token'

export function uiTokenPath (home: string): string {
  return join(home, TOKEN_FILE)
}

/** The token, created (32 random bytes, hex) when the file is missing or empty. */
export function ensureUiToken (home: string): string {
  const path = uiTokenPath(home)
  if (existsSync(path)) {
    const text = readFileSync(path, 'utf8').trim()
    if (text !== '') return text
  }
  const token = randomBytes(32).toString('hex')
  writePrivateFile(path, token + '\n', 0o600)
  return token
}

export type Authorization = 'ok' | 'missing' | 'invalid'

/** Compares in constant time; the header is `Bearer <token>`. */
export function authorize (header: string | undefined, token: string): Authorization {
  if (header === undefined || header === '') return 'missing'
  const m = /^Bearer\s+(\S+)$/i.exec(header)
  if (m === null) return 'invalid'
  const given = Buffer.from(m[1])
  const want = Buffer.from(token)
  return given.length === want.length && timingSafeEqual(given, want) ? 'ok' : 'invalid'
}
