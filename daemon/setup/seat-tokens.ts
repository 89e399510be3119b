// `actor add --isolated` and `actor token`: a seat that acts only with its token. The daemon writes the token to
// <home>/seat-tokens/HANDLE.token (0600, atomically, fsynced) and keeps only its hash; the operator hands the file
// to the seat's process (another Unix user: chown it; a container: mount it).
import { existsSync, unlinkSync } from 'node:fs'
import { dirname } from 'node:path'
import { MeshError } from '../../cards/index.js'
import { hashSeatToken, newSeatToken } from '../access/index.js'
import { syncDir, writePrivateFile } from '../home/files.js'
import { seatTokenPath } from '../home/paths.js'
import type { HomeContext } from '../home/context.js'

export interface SeatTokenResult {
  handle: string
  isolated: boolean
  /** The token file, while the seat is isolated. */
  tokenFile?: string
  /** A new token was written (first isolation or rotation). */
  rotated: boolean
}

function requireSeat (ctx: HomeContext, handle: string): void {
  if (ctx.store.identity.actor(handle)?.hosted !== true) throw new MeshError('ACTOR_NOT_LOCAL', `${handle} is not a seat hosted on this node (see aios-comm actor list)`)
}

/** Writes a new token file, then stores its hash: a crash in between leaves a token that does not work yet, never a hash without a file. */
function issue (ctx: HomeContext, handle: string): string {
  const token = newSeatToken()
  const file = seatTokenPath(ctx.paths, handle)
  writePrivateFile(file, token + '\n', 0o600)
  ctx.store.seatTokens.set(handle, hashSeatToken(token), Date.now())
  return file
}

/** Makes a seat isolated; an isolated seat keeps its token (rotate with actor token --rotate). */
export function isolateSeat (ctx: HomeContext, handle: string): SeatTokenResult {
  requireSeat(ctx, handle)
  const file = seatTokenPath(ctx.paths, handle)
  if (ctx.store.seatTokens.hash(handle) !== undefined) return { handle, isolated: true, tokenFile: file, rotated: false }
  return { handle, isolated: true, tokenFile: issue(ctx, handle), rotated: true }
}

/** `actor token HANDLE [--rotate | --remove]`: shows, rotates (isolating the seat if it was not) or removes the token. */
export function seatToken (ctx: HomeContext, handle: string, opts: { rotate?: boolean, remove?: boolean } = {}): SeatTokenResult {
  if (opts.rotate === true && opts.remove === true) throw new MeshError('USAGE', 'give --rotate or --remove, not both')
  requireSeat(ctx, handle)
  const file = seatTokenPath(ctx.paths, handle)
  if (opts.remove === true) {
    ctx.store.seatTokens.remove(handle)
    if (existsSync(file)) {
      unlinkSync(file)
      syncDir(dirname(file)) // the unlink is a change to the folder: without its fsync a power cut can bring the token back
    }
    return { handle, isolated: false, rotated: false }
  }
  if (opts.rotate === true) return { handle, isolated: true, tokenFile: issue(ctx, handle), rotated: true }
  const isolated = ctx.store.seatTokens.hash(handle) !== undefined
  return isolated ? { handle, isolated, tokenFile: file, rotated: false } : { handle, isolated, rotated: false }
}
