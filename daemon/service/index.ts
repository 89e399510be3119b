// service: run the daemon as a systemd user unit or a launchd LaunchAgent, with the seats' variables kept in a
// private environment file so a restart cannot lose them.
export { servicePaths, defaultKind, SERVICE_KINDS, type ServiceKind, type ServicePaths } from './paths.js'
export { renderEnvFile, parseEnvFile, collectEnv, type EnvVars } from './envfile.js'
export { renderUnit, renderPlist, thisProgram, daemonArgs, type Program } from './render.js'
export { managerInfo, activeState, MANAGER_ENV, type ManagerInfo } from './manager.js'
export { planService, installService, uninstallService, installedKind, readEnvFile, type ServicePlan, type InstallResult, type PlannedFile } from './install.js'
export { serviceStatus, type ServiceStatus } from './status.js'
