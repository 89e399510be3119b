// Carrier kinds: what differs between claude-code, codex, a plain shell and a command hook is configuration.

export const CARRIERS = ['claude-code', 'codex', 'shell', 'command'] as const
export type Carrier = typeof CARRIERS[number]

export type WakeVia = 'tmux' | 'command'

export interface CarrierKind {
  name: Carrier
  /** How a wake reaches the carrier: a line typed into its tmux pane, or a program run by the daemon. */
  via: WakeVia
  /** Between the typed line and Enter: TUIs that detect pastes swallow an Enter that comes with the text. */
  wakeDelayMs: number
  /** Put before the wake line: a shell must not try to run it. */
  linePrefix: string
  /** How long a `command` carrier's program (or any seat's probe) may run. */
  commandTimeoutMs: number
}

export const DEFAULT_COMMAND_TIMEOUT_MS = 10_000 // a hook that notifies something should take well under a second
export const PROBE_TIMEOUT_MS = 5_000 // a probe is a health check, run before every wake and by status/doctor
export const MAX_WAKE_DELAY_MS = 10_000
export const MAX_COMMAND_TIMEOUT_MS = 600_000

export const CARRIER_KINDS: Readonly<Record<Carrier, CarrierKind>> = {
  // Claude Code's prompt treats an Enter that arrives within a few ms of typed text as part of a paste.
  'claude-code': { name: 'claude-code', via: 'tmux', wakeDelayMs: 300, linePrefix: '', commandTimeoutMs: DEFAULT_COMMAND_TIMEOUT_MS },
  // Codex's TUI buffers fast keystrokes as a paste burst; a longer pause is the conservative default.
  codex: { name: 'codex', via: 'tmux', wakeDelayMs: 500, linePrefix: '', commandTimeoutMs: DEFAULT_COMMAND_TIMEOUT_MS },
  // A shell reads the line at once; '# ' makes it a comment, so the shell shows it and runs nothing.
  shell: { name: 'shell', via: 'tmux', wakeDelayMs: 50, linePrefix: '# ', commandTimeoutMs: DEFAULT_COMMAND_TIMEOUT_MS },
  command: { name: 'command', via: 'command', wakeDelayMs: 0, linePrefix: '', commandTimeoutMs: DEFAULT_COMMAND_TIMEOUT_MS }
}

export function carrierKind (name: string): CarrierKind | undefined {
  return Object.hasOwn(CARRIER_KINDS, name) ? CARRIER_KINDS[name as Carrier] : undefined
}
