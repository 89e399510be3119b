// Bearer tokens for the loopback HTTP surfaces: a random secret in a file of the home (mode 0600, created on first
// use), so whoever can read the home may call, and a web page or another local user cannot.
import { existsSync, readFileSync } from 'node:fs'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { writePrivateFile } from '../home/files.js'
import { sendJson } from './loopback-http.js'

const TOKEN_BYTES = 32 // 256 bits: not guessable at any request rate a loopback server can answer

/** The token in `path`, created (32 random bytes, hex) when the file is missing or empty. */
export function ensureToken (path: string): string {
  if (existsSync(path)) {
    const text = readFileSync(path, 'utf8').trim()
    if (text !== '') return text
  }
  const token = randomBytes(TOKEN_BYTES).toString('hex')
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

/**
 * Answers 401 unless `auth` is ok; true when it did. prefix names the codes (UI: UI_TOKEN_REQUIRED, UI_TOKEN_INVALID)
 * and file the token's file name, so the message says where the token is.
 */
export function refuseUnauthorized (res: ServerResponse, auth: Authorization, prefix: string, file: string): boolean {
  if (auth === 'ok') return false
  res.setHeader('www-authenticate', 'Bearer')
  if (auth === 'missing') sendJson(res, 401, { error: { code: `${prefix}_TOKEN_REQUIRED`, message: `send Authorization: Bearer <token>; the token is in ${file} in the daemon's home` } })
  else sendJson(res, 401, { error: { code: `${prefix}_TOKEN_INVALID`, message: `the token does not match ${file} in the daemon's home` } })
  return true
}
