// The A2A 1.0 bridge's public surface.
export { A2ABridge, type BridgeOptions, type BridgeDeps } from './bridge.js'
export { MESH_EXTENSION_URI, JSONRPC_BINDING, REST_BINDING } from './constants.js'
export { TASK_STATE, taskOf, taskJson } from './task.js'
