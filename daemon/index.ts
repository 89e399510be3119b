// daemon: the node's composition root and the modules the CLI's setup commands share with it.
export * from './setup/index.js'
export { resolveHome, homePaths, type HomePaths } from './home/paths.js'
export { DEFAULT_LISTEN, DEFAULT_PORT, type NodeConfig } from './home/config.js'
export { Daemon, type DaemonInfo } from './daemon.js'
export { socketIsLive } from './control/server.js'
export type { ControlRequest, ControlResponse } from './control/protocol.js'
