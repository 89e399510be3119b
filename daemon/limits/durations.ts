// How long a lease on role work may last: what the control API, the CLI and the MCP tools check before asking.
export const DEFAULT_LEASE_MS = 10 * 60_000
export const MIN_LEASE_MS = 1000
export const MAX_LEASE_MS = 24 * 3600_000
