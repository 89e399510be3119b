// `actor add`'s carrier-contract options: parsing (milliseconds, absolute paths) and the tmux socket default.
import { InvalidArgumentError } from 'commander'
import { join, resolve } from 'node:path'
import type { ActorOptions } from '../daemon/index.js'

export function milliseconds (text: string): number {
  if (!/^\d+$/.test(text)) throw new InvalidArgumentError('a whole number of milliseconds')
  return Number(text)
}

/** tmux's own default socket, for a pane given with --pane outside tmux: tmux -S must always name a socket. */
export function defaultTmuxSocket (env: NodeJS.ProcessEnv): string {
  const dir = env.TMUX_TMPDIR !== undefined && env.TMUX_TMPDIR !== '' ? env.TMUX_TMPDIR : '/tmp'
  return join(dir, `tmux-${process.getuid?.() ?? 0}`, 'default')
}

export interface ContractFlags {
  requireFile?: string[]
  probe?: string
  command?: string
  commandTimeout?: number
  wakeDelay?: number
}

/** The flags as actor options: paths made absolute here, where the relative ones were meant. */
export function contractOptions (o: ContractFlags): Pick<ActorOptions, 'requireFile' | 'probe' | 'command' | 'commandTimeoutMs' | 'wakeDelayMs'> {
  return {
    requireFile: o.requireFile?.map(p => resolve(p)),
    probe: o.probe,
    command: o.command,
    commandTimeoutMs: o.commandTimeout,
    wakeDelayMs: o.wakeDelay
  }
}

/** Pane and socket from the tmux environment when the command runs inside tmux. */
export function tmuxFromEnv (env: NodeJS.ProcessEnv): { pane?: string, tmuxSocket?: string } {
  const pane = env.TMUX_PANE !== undefined && /^%\d+$/.test(env.TMUX_PANE) ? env.TMUX_PANE : undefined
  const socket = env.TMUX !== undefined && env.TMUX !== '' ? env.TMUX.split(',')[0] : undefined
  return { pane, tmuxSocket: socket }
}
