// A seat's contract options from `actor add` (validated), merged onto what the seat had: a list given replaces
// the old list, an empty --probe or --command clears it, anything not given stays as it was.
import { isAbsolute } from 'node:path'
import { MeshError } from '../../cards/index.js'
import type { ContractRow } from '../store/index.js'
import { MAX_COMMAND_TIMEOUT_MS, MAX_WAKE_DELAY_MS } from './kinds.js'

export interface ContractOptions {
  /** Absolute paths of files or folders that must exist. */
  requireFile?: string[]
  /** A shell command that must exit 0 before each wake ('' clears it). */
  probe?: string
  /** Carrier `command`: the program run to wake the seat ('' clears it). */
  command?: string
  commandTimeoutMs?: number
  wakeDelayMs?: number
}

const MAX_COMMAND_CHARS = 4096

function validate (o: ContractOptions): void {
  for (const p of o.requireFile ?? []) {
    if (!isAbsolute(p) || p.includes('\0')) throw new MeshError('PATH_INVALID', `${JSON.stringify(p)} is not an absolute path`)
  }
  for (const [flag, v] of [['--probe', o.probe], ['--command', o.command]] as const) {
    if (v !== undefined && (v.length > MAX_COMMAND_CHARS || v.includes('\0'))) throw new MeshError('COMMAND_INVALID', `${flag} must be a shell command of at most ${MAX_COMMAND_CHARS} characters`)
  }
  const ms = (flag: string, v: number | undefined, min: number, max: number): void => {
    if (v !== undefined && (!Number.isSafeInteger(v) || v < min || v > max)) throw new MeshError('DURATION_INVALID', `${flag} must be a whole number of milliseconds from ${min} to ${max}`)
  }
  ms('--command-timeout', o.commandTimeoutMs, 1, MAX_COMMAND_TIMEOUT_MS)
  ms('--wake-delay', o.wakeDelayMs, 0, MAX_WAKE_DELAY_MS)
}

const cleared = (v: string | undefined, prev: string | undefined): string | undefined => (v === undefined ? prev : v.trim() === '' ? undefined : v)

export function mergeContract (handle: string, carrier: string, prev: ContractRow | undefined, o: ContractOptions): ContractRow {
  validate(o)
  const c: ContractRow = {
    requireFiles: o.requireFile !== undefined ? [...new Set(o.requireFile)] : prev?.requireFiles ?? [],
    probe: cleared(o.probe, prev?.probe),
    command: cleared(o.command, prev?.command),
    commandTimeoutMs: o.commandTimeoutMs ?? prev?.commandTimeoutMs,
    wakeDelayMs: o.wakeDelayMs ?? prev?.wakeDelayMs
  }
  if (carrier === 'command' && c.command === undefined) {
    throw new MeshError('CARRIER_COMMAND_MISSING', `carrier command wakes ${handle} by running a program: pass --command PROGRAM`)
  }
  return c
}
