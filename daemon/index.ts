// daemon: the node's composition root and the modules the CLI's setup commands share with it.
export * from './setup/index.js'
export { resolveHome, homePaths, type HomePaths } from './home/paths.js'
export { DEFAULT_LISTEN, DEFAULT_PORT, type NodeConfig } from './home/config.js'
