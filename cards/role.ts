// Roles: names a seat declares in its signed card, so that a message can be addressed to whoever holds one (role:NAME).
import { MeshError } from './errors.js'

export const ROLE_PREFIX = 'role:'
export const ROLE_PATTERN = /^[a-z][a-z0-9-]{0,31}$/ // short and plain: safe in addresses, file names and tables
export const MAX_ROLES_PER_SEAT = 16 // a seat does a few jobs; a long list is a mistake, and every card carries it

export function isValidRole (name: string): boolean {
  return typeof name === 'string' && ROLE_PATTERN.test(name)
}

/** The role an address names (`role:NAME` with a valid NAME), else undefined: a handle, or a malformed role address. */
export function roleOf (address: string): string | undefined {
  if (typeof address !== 'string' || !address.startsWith(ROLE_PREFIX)) return undefined
  const name = address.slice(ROLE_PREFIX.length)
  return isValidRole(name) ? name : undefined
}

/** A role list as cards and the store keep it: sorted, each name once. */
export function normalizeRoles (roles: readonly string[]): string[] {
  return [...new Set(roles)].sort()
}

/** The one-line refusal of a name that is no role name. */
export function roleInvalid (name: string): MeshError {
  return new MeshError('ROLE_INVALID', `${JSON.stringify(name)} is not a role name: use 1-32 of a-z 0-9 - starting with a letter`)
}
