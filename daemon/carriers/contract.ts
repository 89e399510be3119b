// The carrier contract check: a seat's variables, files and folders, its live pane (or its program) and its
// probe, checked in the daemon's own environment — what a service restart can lose. Fail-closed: every item
// that is not proven fine is a failure with a stable code, a one-line reason and a one-line fix.
import type { ErrorCode } from '../../cards/index.js'
import { accessSync, constants as fsc, statSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { probePane, type PaneState } from './tmux.js'
import { PROBE_TIMEOUT_MS } from './kinds.js'
import { runFailure, runShell } from './run.js'
import type { SeatCarrier } from './seat.js'

export interface ContractItem {
  name: string
  ok: boolean
  detail: string
  code?: ErrorCode
  fix?: string
}

export type ContractVerdict =
  | { ok: true, items: ContractItem[], pane?: PaneState }
  | { ok: false, code: ErrorCode, reason: string, fix: string, items: ContractItem[] }

const pass = (name: string, detail: string): ContractItem => ({ name, ok: true, detail })
const fail = (name: string, code: ErrorCode, detail: string, fix: string): ContractItem => ({ name, ok: false, detail, code, fix })

export async function checkContract (s: SeatCarrier, env: NodeJS.ProcessEnv): Promise<ContractVerdict> {
  const items: ContractItem[] = [...envItems(s, env), ...fileItems(s)]
  let pane: PaneState | undefined
  if (s.kind.via === 'tmux') {
    const p = await paneItem(s)
    items.push(p.item)
    pane = p.state
  } else items.push(commandItem(s, env))
  if (s.probe !== undefined) items.push(await probeItem(s, env))
  const broken = items.find(i => !i.ok)
  if (broken === undefined) return { ok: true, items, pane }
  return { ok: false, code: broken.code as ErrorCode, reason: broken.detail, fix: broken.fix as string, items }
}

function envItems (s: SeatCarrier, env: NodeJS.ProcessEnv): ContractItem[] {
  return s.requireEnv.map(name => {
    const v = env[name]
    if (v !== undefined && v !== '') return pass(`env ${name}`, 'set')
    return fail(`env ${name}`, 'CONTRACT_ENV_MISSING', `${name} is not set in the daemon's environment`,
      `export ${name}=… and run aios-comm service install (it keeps ${name} in the service's environment file), then restart the daemon`)
  })
}

function fileItems (s: SeatCarrier): ContractItem[] {
  return s.requireFiles.map(path => {
    try {
      return pass(`path ${path}`, statSync(path).isDirectory() ? 'folder exists' : 'file exists')
    } catch (err) {
      return fail(`path ${path}`, 'CONTRACT_FILE_MISSING', `${path} cannot be found (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
        `create ${path}, or register the seat again without it: aios-comm actor add ${s.handle} --require-file …`)
    }
  })
}

async function paneItem (s: SeatCarrier): Promise<{ item: ContractItem, state?: PaneState }> {
  const here = `run aios-comm actor add ${s.handle} inside the seat's tmux pane (or pass --pane %N --tmux-socket PATH)`
  if (s.pane === undefined || s.tmuxSocket === undefined) {
    const what = s.pane === undefined ? 'no tmux pane is registered' : `pane ${s.pane} is registered without its tmux socket`
    return { item: fail('tmux pane', 'CONTRACT_PANE_MISSING', `${what} for ${s.handle}`, here) }
  }
  const p = await probePane({ socket: s.tmuxSocket, pane: s.pane })
  if (p.ok) return { item: pass('tmux pane', `${s.pane} on ${s.tmuxSocket}${p.state.inMode ? ' (in copy mode)' : ''}`), state: p.state }
  const fix = p.code === 'CONTRACT_TMUX_MISSING'
    ? 'install tmux, or put it on the PATH the daemon gets (aios-comm service install records PATH)'
    : `start the carrier in a tmux pane and ${here}; the waiting wake is retried at once`
  return { item: fail('tmux pane', p.code, p.reason, fix) }
}

function commandItem (s: SeatCarrier, env: NodeJS.ProcessEnv): ContractItem {
  const fix = `aios-comm actor add ${s.handle} --carrier command --command PROGRAM`
  if (s.command === undefined) return fail('wake command', 'CONTRACT_COMMAND_MISSING', `carrier command has no program for ${s.handle}`, fix)
  const program = findProgram(s.command, env.PATH ?? '')
  if (program === false) {
    return fail('wake command', 'CONTRACT_COMMAND_MISSING', `the program of ${JSON.stringify(s.command)} is not an executable on the daemon's PATH`,
      `install it, use its absolute path, or record the right PATH with aios-comm service install; then ${fix}`)
  }
  return pass('wake command', program === true ? s.command : `${s.command} (${program})`)
}

async function probeItem (s: SeatCarrier, env: NodeJS.ProcessEnv): Promise<ContractItem> {
  const r = await runShell(s.probe as string, { ...env, AIOS_COMM_SEAT: s.handle, AIOS_COMM_PANE: s.pane ?? '', AIOS_COMM_TMUX_SOCKET: s.tmuxSocket ?? '' }, PROBE_TIMEOUT_MS)
  const failure = runFailure(r, PROBE_TIMEOUT_MS)
  if (failure === undefined) return pass('probe', `${s.probe as string} passed in ${r.durationMs} ms`)
  return fail('probe', 'CONTRACT_PROBE_FAILED', `probe ${JSON.stringify(s.probe)} ${failure}`,
    `make the probe pass (try it by hand), or change it: aios-comm actor add ${s.handle} --probe COMMAND`)
}

// Words /bin/sh runs itself: no file to look for.
const BUILTINS = new Set([':', '.', '[', 'cd', 'command', 'echo', 'eval', 'exec', 'exit', 'export', 'false', 'printf', 'read', 'set', 'test', 'true', 'trap', 'wait'])

/**
 * The program a command line starts: its path when found (true for a shell builtin), false when it cannot be
 * found. A first word with shell syntax in it cannot be judged here and counts as found: /bin/sh will say.
 */
export function findProgram (command: string, path: string): string | boolean {
  const word = command.trim().split(/\s+/)[0] ?? ''
  if (word === '' || /['"`$\\=(){};&|<>*?~]/.test(word)) return true
  if (BUILTINS.has(word)) return true
  const candidates = word.includes('/') ? [word] : path.split(delimiter).filter(d => d !== '').map(d => join(d, word))
  for (const c of candidates) {
    try {
      accessSync(c, fsc.X_OK)
      if (statSync(c).isFile()) return c
    } catch {
      // not this one
    }
  }
  return false
}
