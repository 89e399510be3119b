// The carrier contract, fail-closed: every missing variable, file, pane, program or failing probe is a stable
// code with a reason and a fix; a seat that has everything passes. Real tmux, real files, real /bin/sh.
import { describe, expect, it } from 'vitest'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CARRIER_KINDS, checkContract, findProgram, runShell, seatCarrier, type SeatCarrier } from '../../../daemon/carriers/index.js'
import { mergeContract } from '../../../daemon/carriers/options.js'
import type { ActorRow } from '../../../daemon/store/index.js'
import { tempDir } from '../../helpers/cli.js'
import { waitFor } from '../../helpers/mesh.js'
import { TmuxServer } from '../wake/tmux-server.js'

function seat (over: Partial<ActorRow> = {}, contract: Parameters<typeof seatCarrier>[1] = undefined): SeatCarrier {
  const row: ActorRow = { handle: 'agent-b', actorKey: 'k', carrier: 'shell', requireEnv: [], hosted: true, createdAtMs: 0, ...over }
  return seatCarrier(row, contract)
}

const commandSeat = (command?: string, probe?: string): SeatCarrier => seat({ carrier: 'command' }, { requireFiles: [], command, probe })

describe('carrier contract', () => {
  it('refuses a missing variable with CONTRACT_ENV_MISSING naming it, checked in the environment given', async () => {
    const s = seat({ carrier: 'command', requireEnv: ['AIOS_T_TOKEN', 'AIOS_T_OTHER'] }, { requireFiles: [], command: 'true' })
    const v = await checkContract(s, { PATH: process.env.PATH, AIOS_T_OTHER: 'x' })
    expect(v).toMatchObject({ ok: false, code: 'CONTRACT_ENV_MISSING' })
    if (v.ok) return
    expect(v.reason).toContain('AIOS_T_TOKEN')
    expect(v.fix).toContain('aios-comm service install')
    expect(v.items.map(i => [i.name, i.ok])).toEqual([['env AIOS_T_TOKEN', false], ['env AIOS_T_OTHER', true], ['wake command', true]])
    // an empty value is as missing as no value
    expect((await checkContract(s, { PATH: process.env.PATH, AIOS_T_TOKEN: '', AIOS_T_OTHER: 'x' })).ok).toBe(false)
    expect((await checkContract(s, { PATH: process.env.PATH, AIOS_T_TOKEN: 't', AIOS_T_OTHER: 'x' })).ok).toBe(true)
  })

  it('refuses a missing file or folder with CONTRACT_FILE_MISSING; present ones pass', async () => {
    const dir = tempDir()
    const folder = join(dir, 'repo')
    mkdirSync(folder)
    const missing = join(dir, 'nope.md')
    const s = seat({ carrier: 'command' }, { requireFiles: [folder, missing], command: 'true' })
    const v = await checkContract(s, process.env)
    expect(v).toMatchObject({ ok: false, code: 'CONTRACT_FILE_MISSING' })
    if (v.ok) return
    expect(v.reason).toContain(missing)
    expect(v.items[0]).toMatchObject({ name: `path ${folder}`, ok: true, detail: 'folder exists' })
  })

  it('needs a registered, live tmux pane for tmux carriers', async () => {
    for (const carrier of ['claude-code', 'codex', 'shell']) {
      expect(await checkContract(seat({ carrier }), process.env)).toMatchObject({ ok: false, code: 'CONTRACT_PANE_MISSING' })
    }
    const tmux = await TmuxServer.start()
    const pane = await tmux.newPane()
    const live = seat({ carrier: 'claude-code', pane, tmuxSocket: tmux.socket })
    expect(await checkContract(live, process.env)).toMatchObject({ ok: true, pane: { paneId: pane, inMode: false } })
    expect(await checkContract(seat({ carrier: 'codex', pane }), process.env)).toMatchObject({ ok: false, code: 'CONTRACT_PANE_MISSING' })
    await tmux.tmux(['kill-pane', '-t', pane])
    const dead = await checkContract(live, process.env)
    expect(dead).toMatchObject({ ok: false, code: 'CONTRACT_PANE_DEAD' })
    if (!dead.ok) expect(dead.fix).toContain('aios-comm actor add agent-b')
  })

  it('runs the probe with the seat in its environment: a non-zero exit or a hang is CONTRACT_PROBE_FAILED', async () => {
    expect(await checkContract(commandSeat('true', 'test "$AIOS_COMM_SEAT" = agent-b'), process.env)).toMatchObject({ ok: true })
    const failing = await checkContract(commandSeat('true', 'echo "api down" >&2; exit 3'), process.env)
    expect(failing).toMatchObject({ ok: false, code: 'CONTRACT_PROBE_FAILED' })
    if (!failing.ok) expect(failing.reason).toContain('exited 3: api down')
  })

  it('needs a program for the command carrier, found on the PATH the daemon has', async () => {
    expect(await checkContract(commandSeat(undefined), process.env)).toMatchObject({ ok: false, code: 'CONTRACT_COMMAND_MISSING' })
    expect(await checkContract(commandSeat('/nonexistent/wake-me --now'), process.env)).toMatchObject({ ok: false, code: 'CONTRACT_COMMAND_MISSING' })
    expect(await checkContract(commandSeat('tmux -V'), { PATH: '/nonexistent' })).toMatchObject({ ok: false, code: 'CONTRACT_COMMAND_MISSING' })
    expect(await checkContract(commandSeat('tmux -V'), process.env)).toMatchObject({ ok: true })
    expect(findProgram('printf "%s" x', '')).toBe(true) // a shell builtin needs no file
    expect(findProgram('"$HOME/bin/x"', '')).toBe(true) // shell syntax: /bin/sh will judge it when it runs
  })

  it('kills a program that outlives its timeout, with what it started', async () => {
    const pidFile = join(tempDir(), 'pid')
    const r = await runShell(`sleep 30 & echo $! > ${pidFile}; sleep 30`, process.env, 300)
    expect(r.kind).toBe('timeout')
    const pid = Number(readFileSync(pidFile, 'utf8'))
    // gone, or a zombie waiting for its reaper: either way it no longer runs (it may go between a look and a read)
    const state = (): string => {
      try {
        return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] ?? '?'
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'gone'
        throw err
      }
    }
    await waitFor('the background child killed', state, s => s === 'gone' || s === 'Z', 5000)
  })
})

describe('carrier kinds and options', () => {
  it('differ by configuration: how a wake travels, the pause before Enter, a prefix for shells', () => {
    expect(CARRIER_KINDS['claude-code']).toMatchObject({ via: 'tmux', wakeDelayMs: 300, linePrefix: '' })
    expect(CARRIER_KINDS.codex).toMatchObject({ via: 'tmux', linePrefix: '' })
    expect(CARRIER_KINDS.shell).toMatchObject({ via: 'tmux', linePrefix: '# ' })
    expect(CARRIER_KINDS.command).toMatchObject({ via: 'command', commandTimeoutMs: 10_000 })
    expect(seat({ carrier: 'codex' }, { requireFiles: [], wakeDelayMs: 20 }).wakeDelayMs).toBe(20)
  })

  it('validates contract options and merges them onto the seat: lists replace, an empty string clears', () => {
    expect(() => mergeContract('a', 'shell', undefined, { requireFile: ['relative/path'] })).toThrow(expect.objectContaining({ code: 'PATH_INVALID' }))
    expect(() => mergeContract('a', 'shell', undefined, { wakeDelayMs: -1 })).toThrow(expect.objectContaining({ code: 'DURATION_INVALID' }))
    expect(() => mergeContract('a', 'shell', undefined, { commandTimeoutMs: 0 })).toThrow(expect.objectContaining({ code: 'DURATION_INVALID' }))
    expect(() => mergeContract('a', 'command', undefined, {})).toThrow(expect.objectContaining({ code: 'CARRIER_COMMAND_MISSING' }))
    const before = mergeContract('a', 'shell', undefined, { requireFile: ['/x', '/y'], probe: 'true', wakeDelayMs: 10 })
    expect(mergeContract('a', 'shell', before, { requireFile: ['/z'], probe: '' })).toEqual({ requireFiles: ['/z'], wakeDelayMs: 10 })
  })
})
