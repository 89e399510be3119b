// `aios-comm claim OB`: see lease.ts.
import type { Command } from 'commander'
import { registerLease } from './lease.js'

export function register (program: Command): void {
  registerLease(program, 'claim')
}
