// Where a home keeps its files: $AIOS_COMM_HOME (or --home), default ~/.aios-comm.
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'

export interface HomePaths {
  root: string
  config: string
  nodeKey: string
  meshKey: string
  db: string
  socket: string
  /** Held by the one daemon running for the home, for its whole life (home/lock.ts). */
  lock: string
  /** The seat socket's default place (see config seatSocket): open while an isolated seat is hosted. */
  seatSocket: string
  /** One 0600 file per isolated seat, holding its token. */
  seatTokens: string
  keys: string
  requests: string
  endorsements: string
  evidence: string
}

export function resolveHome (explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  const dir = explicit ?? env.AIOS_COMM_HOME ?? join(homedir(), '.aios-comm')
  return resolve(dir)
}

export function homePaths (root: string): HomePaths {
  return {
    root,
    config: join(root, 'config.json'),
    nodeKey: join(root, 'node.key'),
    meshKey: join(root, 'mesh.key'),
    db: join(root, 'node.db'),
    socket: join(root, 'control.sock'),
    lock: join(root, 'daemon.lock'),
    seatSocket: join(root, 'seat.sock'),
    seatTokens: join(root, 'seat-tokens'),
    keys: join(root, 'keys'),
    requests: join(root, 'requests'),
    endorsements: join(root, 'endorsements'),
    evidence: join(root, 'evidence')
  }
}

export function actorKeyPath (paths: HomePaths, handle: string): string {
  return join(paths.keys, `${handle}.key`)
}

export function seatTokenPath (paths: HomePaths, handle: string): string {
  return join(paths.seatTokens, `${handle}.token`)
}
