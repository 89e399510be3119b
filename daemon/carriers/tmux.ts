// The tmux driver: probe a pane, leave copy mode, type one line, press Enter — always `tmux -S <socket>`, so
// the daemon reaches the seat's own server whatever its environment says. A leaf: it imports nothing of ours
// but the error type, so the contract check and the wake service can both use it.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Refusal } from '../../cards/index.js'

export const TMUX_TIMEOUT_MS = 3_000 // one tmux client call; a hung server must not hold a wake lane

export interface PaneRef {
  socket: string
  pane: string
}

export interface PaneState {
  paneId: string
  inMode: boolean
  dead: boolean
}

type TmuxOutcome = { ok: true, stdout: string } | { ok: false, missing: boolean, error: string }

async function tmux (socket: string, args: string[]): Promise<TmuxOutcome> {
  return await new Promise(resolve => {
    execFile('tmux', ['-S', socket, ...args], { timeout: TMUX_TIMEOUT_MS, killSignal: 'SIGKILL' }, (err, stdout, stderr) => {
      if (err === null) resolve({ ok: true, stdout })
      else {
        const e = err as NodeJS.ErrnoException & { killed?: boolean }
        const said = stderr.trim().split('\n')[0] ?? ''
        const error = e.killed === true ? `tmux did not answer within ${TMUX_TIMEOUT_MS} ms` : said !== '' ? said : e.message
        resolve({ ok: false, missing: e.code === 'ENOENT', error })
      }
    })
  })
}

function tmuxMissing (): Refusal {
  return { ok: false, code: 'CONTRACT_TMUX_MISSING', reason: 'the tmux program is not on the daemon\'s PATH' }
}

/** Is the pane there, alive, and in a mode? Every "not there" is CONTRACT_PANE_DEAD with the reason. */
export async function probePane (ref: PaneRef): Promise<{ ok: true, state: PaneState } | Refusal> {
  if (!existsSync(ref.socket)) return { ok: false, code: 'CONTRACT_PANE_DEAD', reason: `no tmux server runs at ${ref.socket}` }
  const r = await tmux(ref.socket, ['display-message', '-p', '-t', ref.pane, '#{pane_id} #{pane_in_mode} #{pane_dead}'])
  if (!r.ok) return r.missing ? tmuxMissing() : { ok: false, code: 'CONTRACT_PANE_DEAD', reason: `pane ${ref.pane} is not on the tmux server at ${ref.socket} (tmux: ${r.error})` }
  const [paneId, inMode, dead] = r.stdout.trim().split(' ')
  if (paneId !== ref.pane) return { ok: false, code: 'CONTRACT_PANE_DEAD', reason: `tmux answered for ${paneId ?? 'nothing'}, not for pane ${ref.pane}` }
  if (dead === '1') return { ok: false, code: 'CONTRACT_PANE_DEAD', reason: `the program in pane ${ref.pane} has exited` }
  return { ok: true, state: { paneId, inMode: inMode === '1', dead: false } }
}

/**
 * Types one line into the pane and presses Enter as a separate call after `delayMs`. A pane in copy mode
 * leaves it first (typed keys would move the cursor instead), and must then be out of every mode.
 */
export async function typeLine (ref: PaneRef, text: string, delayMs: number, state: PaneState): Promise<{ ok: true } | Refusal> {
  if (state.inMode) {
    const c = await tmux(ref.socket, ['send-keys', '-t', ref.pane, '-X', 'cancel'])
    const after = await probePane(ref)
    if (!after.ok) return after
    if (after.state.inMode) return { ok: false, code: 'WAKE_PANE_IN_MODE', reason: `pane ${ref.pane} stays in a tmux mode${c.ok ? '' : ` (tmux: ${c.error})`}` }
  }
  const typed = await tmux(ref.socket, ['send-keys', '-t', ref.pane, '-l', '--', text])
  if (!typed.ok) return typed.missing ? tmuxMissing() : { ok: false, code: 'WAKE_TMUX_FAILED', reason: `typing into pane ${ref.pane} failed: ${typed.error}` }
  if (delayMs > 0) await sleep(delayMs)
  const enter = await tmux(ref.socket, ['send-keys', '-t', ref.pane, 'Enter'])
  if (!enter.ok) return enter.missing ? tmuxMissing() : { ok: false, code: 'WAKE_TMUX_FAILED', reason: `pressing Enter in pane ${ref.pane} failed: ${enter.error}` }
  return { ok: true }
}
