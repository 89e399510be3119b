// The tmux driver against a real private tmux server: probing, leaving copy mode, one typed line, Enter apart.
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { probePane, typeLine, wakeLine } from '../../../daemon/wake/index.js'
import { waitFor } from '../../helpers/mesh.js'
import { TmuxServer } from './tmux-server.js'

describe('tmux driver', () => {
  it('probes a live pane, sees copy mode, and calls a missing pane or server dead', async () => {
    const tmux = await TmuxServer.start()
    const pane = await tmux.newPane()
    const live = await probePane({ socket: tmux.socket, pane })
    expect(live).toEqual({ ok: true, state: { paneId: pane, inMode: false, dead: false } })

    await tmux.tmux(['copy-mode', '-t', pane])
    expect(await probePane({ socket: tmux.socket, pane })).toMatchObject({ ok: true, state: { inMode: true } })

    expect(await probePane({ socket: tmux.socket, pane: '%999' })).toMatchObject({ ok: false, code: 'CONTRACT_PANE_DEAD' })
    expect(await probePane({ socket: join(tmux.dir, 'nobody.sock'), pane })).toMatchObject({ ok: false, code: 'CONTRACT_PANE_DEAD' })
    await tmux.tmux(['kill-pane', '-t', pane])
    expect(await probePane({ socket: tmux.socket, pane })).toMatchObject({ ok: false, code: 'CONTRACT_PANE_DEAD' })
  })

  it('types the line, waits, then sends Enter as a separate call: the line is on screen before it is entered', async () => {
    const tmux = await TmuxServer.start()
    const pane = await tmux.newPane({ echo: true })
    const line = wakeLine('agent-b', 2, new Uint8Array(16).fill(0xab))
    expect(line).toBe('aios-comm: 2 new for agent-b (ob_abababababababababababababababab): run `aios-comm inbox`')
    const probe = await probePane({ socket: tmux.socket, pane })
    if (!probe.ok) throw new Error(probe.reason)
    const typing = typeLine({ socket: tmux.socket, pane }, line, 1500, probe.state)
    // The terminal echoes the typed text at once; the reader gets nothing until Enter comes after the delay.
    await waitFor('typed text on screen', async () => await tmux.screen(pane), s => s.includes(line), 1000)
    expect(await tmux.received(pane)).toEqual([])
    expect(await typing).toEqual({ ok: true })
    await waitFor('the line entered', async () => await tmux.received(pane), l => l.length === 1)
    expect(await tmux.received(pane)).toEqual([line])
  })

  it('leaves copy mode before typing, so the line is not swallowed as copy-mode keys', async () => {
    const tmux = await TmuxServer.start()
    const pane = await tmux.newPane()
    await tmux.tmux(['copy-mode', '-t', pane])
    const probe = await probePane({ socket: tmux.socket, pane })
    if (!probe.ok) throw new Error(probe.reason)
    expect(probe.state.inMode).toBe(true)
    expect(await typeLine({ socket: tmux.socket, pane }, 'hello from a wake', 50, probe.state)).toEqual({ ok: true })
    await waitFor('the line entered', async () => await tmux.received(pane), l => l.length === 1)
    expect(await tmux.received(pane)).toEqual(['hello from a wake'])
    expect(await tmux.inMode(pane)).toBe(false)
  })
})
