// What every command needs: the home folder from --home / AIOS_COMM_HOME, opened for one command and closed after.
import type { Command } from 'commander'
import type { HomeContext } from '../daemon/index.js'
import { resolveHome, homePaths } from '../daemon/home/paths.js'
import { socketIsLive } from '../daemon/home/socket.js'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { MeshError } from '../cards/errors.js'
import { call, type CallOptions } from './control-client.js'
import type { Method, ParamsOf, ResultOf } from '../daemon/control/methods.js'

export interface GlobalOptions {
  home?: string
  as?: string
  json?: boolean
  seatTokenFile?: string
  socket?: string
}

export function globals (cmd: Command): GlobalOptions {
  return cmd.optsWithGlobals() as GlobalOptions
}

export function homeDir (cmd: Command): string {
  return resolveHome(globals(cmd).home)
}

/** The setup code (keys, store, cards, the daemon's face): what a command needs when it runs without a daemon. */
export type Setup = typeof import('../daemon/index.js')

/** Loaded on first use only: a message command, or a setup command a running daemon answers, needs none of it. */
export async function loadSetup (): Promise<Setup> {
  return await import('../daemon/index.js')
}

/** Opens the home's keys and store for one command. */
export async function withHome<T> (cmd: Command, fn: (ctx: HomeContext, setup: Setup) => Promise<T> | T): Promise<T> {
  const setup = await loadSetup()
  const ctx = setup.HomeContext.open(homeDir(cmd))
  try {
    return await fn(ctx, setup)
  } finally {
    ctx.close()
  }
}

/** A setup verb goes through the running daemon (so it learns at once), or runs here when none runs. */
export async function setupVerb<M extends Method> (cmd: Command, method: M, params: ParamsOf<M>, local: (ctx: HomeContext, setup: Setup) => Promise<ResultOf<M>> | ResultOf<M>): Promise<ResultOf<M>> {
  const home = homeDir(cmd)
  if (await socketIsLive(homePaths(home).socket)) return await call(home, method, params)
  return await withHome(cmd, local)
}

/** The acting seat from --as or AIOS_ACTOR; the daemon picks the only seat when neither is given. */
export function actingSeat (cmd: Command): string | undefined {
  return globals(cmd).as ?? (process.env.AIOS_ACTOR !== undefined && process.env.AIOS_ACTOR !== '' ? process.env.AIOS_ACTOR : undefined)
}

const nonEmpty = (v: string | undefined): string | undefined => (v === undefined || v === '' ? undefined : v)

/**
 * How commands reach the daemon and as whom: the socket (--socket or $AIOS_COMM_SOCKET, e.g. the seat socket; by
 * default the home's control socket) and an isolated seat's token (--seat-token-file F, else $AIOS_SEAT_TOKEN).
 */
export function seatAccess (cmd: Command): CallOptions {
  const g = globals(cmd)
  const socket = nonEmpty(g.socket) ?? nonEmpty(process.env.AIOS_COMM_SOCKET)
  let seatToken = nonEmpty(process.env.AIOS_SEAT_TOKEN)?.trim()
  if (g.seatTokenFile !== undefined) {
    try {
      seatToken = readFileSync(g.seatTokenFile, 'utf8').trim()
    } catch (err) {
      throw new MeshError('FILE_UNREADABLE', `cannot read the seat token file ${g.seatTokenFile}`, { cause: err })
    }
  }
  return { ...(socket !== undefined ? { socket: resolve(socket) } : {}), ...(seatToken !== undefined ? { seatToken } : {}) }
}

export async function daemonCall<M extends Method> (cmd: Command, method: M, params: ParamsOf<M>): Promise<ResultOf<M>> {
  return await call(homeDir(cmd), method, params, seatAccess(cmd))
}
