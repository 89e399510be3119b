// A seat's carrier settings resolved: the kind's defaults with the seat's own overrides and its contract.
import type { ActorRow, ContractRow } from '../store/index.js'
import { CARRIER_KINDS, carrierKind, type CarrierKind } from './kinds.js'

export interface SeatCarrier {
  handle: string
  kind: CarrierKind
  pane?: string
  tmuxSocket?: string
  requireEnv: string[]
  requireFiles: string[]
  probe?: string
  command?: string
  commandTimeoutMs: number
  wakeDelayMs: number
}

export function seatCarrier (a: ActorRow, c: ContractRow | undefined): SeatCarrier {
  // An unknown kind in the table (a newer version wrote it) is treated as a shell: the contract still applies.
  const kind = carrierKind(a.carrier) ?? CARRIER_KINDS.shell
  return {
    handle: a.handle,
    kind,
    pane: a.pane,
    tmuxSocket: a.tmuxSocket,
    requireEnv: a.requireEnv,
    requireFiles: c?.requireFiles ?? [],
    probe: c?.probe,
    command: c?.command,
    commandTimeoutMs: c?.commandTimeoutMs ?? kind.commandTimeoutMs,
    wakeDelayMs: c?.wakeDelayMs ?? kind.wakeDelayMs
  }
}

/** Changes when anything that decides how a seat is woken changes: a new pane registered, a new program, … */
export function fingerprint (s: SeatCarrier): string {
  return JSON.stringify([s.kind.name, s.pane, s.tmuxSocket, s.requireEnv, s.requireFiles, s.probe, s.command, s.commandTimeoutMs, s.wakeDelayMs])
}

/** Where a wake goes, for logs and records: a pane on a tmux socket, or the program. */
export function wakeTarget (s: SeatCarrier): string {
  if (s.kind.via === 'command') return `command ${s.command ?? '(none)'}`
  return s.pane === undefined ? 'no pane' : `pane ${s.pane} on ${s.tmuxSocket ?? '(no socket)'}`
}
