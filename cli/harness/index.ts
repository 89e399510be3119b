// Real meshes on loopback for the demo, the bench and the tests: homes joined as users join them, daemons as processes.
export { DaemonProcess, BUILT_CLI, MODULE_CLI, type DaemonProcessOptions } from './daemon-process.js'
export { buildMesh, type MeshPlan, type MeshHome, type SeatPlan } from './mesh.js'
export { freePort } from './ports.js'
export { withCtx } from './context.js'
export { waitFor } from './wait.js'
