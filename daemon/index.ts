// daemon: the node's composition root and the modules the CLI's setup commands share with it.
export * from './setup/index.js'
export { resolveHome, homePaths, type HomePaths } from './home/paths.js'
export { DEFAULT_LISTEN, DEFAULT_PORT, type NodeConfig } from './home/config.js'
export type { Daemon, DaemonInfo } from './daemon.js'

/** The daemon pulls in libp2p (most of the CLI's start-up time): loaded only by the commands that run it. */
export async function loadDaemon (): Promise<typeof import('./daemon.js').Daemon> {
  return (await import('./daemon.js')).Daemon
}
export { socketIsLive } from './home/socket.js'
export type { ControlRequest, ControlResponse } from './control/index.js'
export { createInvite } from './join/invite.js'

/** `join` without a daemon needs libp2p: loaded only then. */
export async function loadJoinStandalone (): Promise<typeof import('./join/standalone.js').joinStandalone> {
  return (await import('./join/standalone.js')).joinStandalone
}
