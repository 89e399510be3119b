// Wakes end to end: a real daemon, a real private tmux server, panes running a reader. A burst is one line
// without any body; copy mode is left; a dead pane is recorded and reported while the message stays
// DELIVERED; registering a new pane retries at once; the command carrier runs its program.
import { describe, expect, it } from 'vitest'
import { readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { hex } from '../../../cards/index.js'
import { tempDir } from '../../helpers/cli.js'
import { createMesh, query, waitFor, type MeshNodeHandle } from '../../helpers/mesh.js'
import { TmuxServer } from './tmux-server.js'

interface Seat { a: MeshNodeHandle, tmux: TmuxServer, pane: string }

/** One daemon hosting agent-a (the sender) and agent-b, whose carrier runs in a pane of a private tmux. */
async function seatInPane (carrier = 'claude-code', extra: Record<string, unknown> = {}): Promise<Seat> {
  const [a] = await createMesh(1)
  const tmux = await TmuxServer.start()
  const pane = await tmux.newPane()
  await a.daemon.call('actor.add', { handle: 'agent-b', carrier, pane, tmuxSocket: tmux.socket, ...extra })
  return { a, tmux, pane }
}

const notify = async (a: MeshNodeHandle, text: string): Promise<string> =>
  (await a.daemon.call('notify', { as: 'agent-a', to: 'agent-b', text })).obligation

const wakes = async (a: MeshNodeHandle): Promise<any[]> => await a.daemon.call('wakes', { handle: 'agent-b' })

const line = (count: number, ob: string): string => `aios-comm: ${count} new for agent-b (${ob}): run \`aios-comm inbox\``

describe('wake', () => {
  it('a burst of 10 messages becomes exactly one wake line naming the count and the newest obligation, never a body', async () => {
    const { a, tmux, pane } = await seatInPane()
    const obs = await Promise.all(Array.from({ length: 10 }, async (_, i) => await notify(a, `SECRET-BODY-${i} do the thing`)))
    const [w] = await waitFor('the wake', async () => await wakes(a), l => l.length > 0)
    expect(w).toMatchObject({ seat: 'agent-b', carrier: 'claude-code', pane, result: 'ok', count: 10 })
    // nothing is left for a second wake: all ten were named by this one
    expect(query(a.home, 'SELECT count(*) AS n FROM wake_queue WHERE woken_at_ms IS NULL')[0].n).toBe(0)
    const newest = `ob_${hex(new Uint8Array(query(a.home, 'SELECT message_id FROM wake_queue ORDER BY seq DESC LIMIT 1')[0].message_id))}`
    expect(obs).toContain(newest)
    expect(w.obligation).toBe(newest)
    const got = await waitFor('the line in the pane', async () => await tmux.received(pane), l => l.length > 0)
    expect(got).toEqual([line(10, newest)])
    expect(await tmux.screen(pane)).not.toContain('SECRET-BODY')
    const inbox = await a.daemon.call('inbox', { as: 'agent-b' })
    expect(inbox.map((m: any) => m.state)).toEqual(Array(10).fill('DELIVERED')) // a wake is not a read
    expect((await a.daemon.call('status', { obligation: newest })).wake).toMatchObject({ state: 'woken', attempts: 1, last: { result: 'ok' } })
  })

  it('a pane in copy mode still gets its wake, and is out of copy mode after', async () => {
    const { a, tmux, pane } = await seatInPane()
    await tmux.tmux(['copy-mode', '-t', pane])
    expect(await tmux.inMode(pane)).toBe(true)
    const ob = await notify(a, 'look at this')
    expect(await waitFor('the line', async () => await tmux.received(pane), l => l.length > 0)).toEqual([line(1, ob)])
    expect(await tmux.inMode(pane)).toBe(false)
  })

  it('a killed pane: the attempt is recorded as failed, the message stays DELIVERED, the seat is unhealthy; a new pane registered gets the wake at once', async () => {
    const { a, tmux, pane } = await seatInPane()
    await tmux.tmux(['kill-pane', '-t', pane])
    const ob = await notify(a, 'are you there?')
    // two failures, so the next retry by backoff is 2 s away: registering the new pane must not wait for it
    const failed = await waitFor('two failed attempts', async () => await wakes(a), l => l.length >= 2)
    for (const w of failed) expect(w).toMatchObject({ result: 'failed', code: 'CONTRACT_PANE_DEAD', pane, obligation: ob })
    expect((await a.daemon.call('status', { obligation: ob })).state).toBe('DELIVERED')
    const seat = (await a.daemon.call('node.status')).actors.find((s: any) => s.handle === 'agent-b')
    expect(seat).toMatchObject({ healthy: false, wakesOwed: 1, lastWake: { result: 'failed', code: 'CONTRACT_PANE_DEAD' } })
    expect(seat.problem).toMatch(/^CONTRACT_PANE_DEAD: /)

    const second = Date.parse(failed[0].at)
    const fresh = await tmux.newPane()
    await a.daemon.call('actor.add', { handle: 'agent-b', pane: fresh, tmuxSocket: tmux.socket })
    expect(await waitFor('the line in the new pane', async () => await tmux.received(fresh), l => l.length > 0)).toEqual([line(1, ob)])
    const ok = (await wakes(a))[0]
    expect(ok).toMatchObject({ result: 'ok', pane: fresh, obligation: ob })
    expect(Date.parse(ok.at)).toBeLessThan(second + 2000) // before the backoff would have retried
    expect((await a.daemon.call('status', { obligation: ob })).state).toBe('DELIVERED')
    expect((await a.daemon.call('node.status')).actors.find((s: any) => s.handle === 'agent-b')).toMatchObject({ healthy: true, wakesOwed: 0 })
  })

  it('the shell carrier types the line as a comment, so the shell runs nothing', async () => {
    const { a, tmux, pane } = await seatInPane('shell')
    const ob = await notify(a, 'hi')
    expect(await waitFor('the line', async () => await tmux.received(pane), l => l.length > 0)).toEqual([`# ${line(1, ob)}`])
  })

  it('the command carrier runs its program with the obligation in its environment; a hung one times out and is retried', async () => {
    const out = join(tempDir(), 'woken.txt')
    const { a } = await seatInPane('command', {
      command: `printf '%s %s %s\\n' "$AIOS_COMM_SEAT" "$AIOS_COMM_COUNT" "$AIOS_COMM_OBLIGATION" >> ${out}`
    })
    const ob = await notify(a, 'run the hook')
    await waitFor('the hook ran', () => (existsSync(out) ? readFileSync(out, 'utf8') : ''), t => t !== '')
    expect(readFileSync(out, 'utf8')).toBe(`agent-b 1 ${ob}\n`)
    // the program writes its line before it exits; the attempt is recorded once it has exited
    const [done] = await waitFor('the attempt recorded', async () => await wakes(a), l => l.length > 0)
    expect(done).toMatchObject({ result: 'ok', carrier: 'command', count: 1, obligation: ob })

    await a.daemon.call('actor.add', { handle: 'agent-b', command: 'sleep 30', commandTimeoutMs: 200 })
    const ob2 = await notify(a, 'again')
    const [hung] = await waitFor('the timeout', async () => await wakes(a), l => l[0]?.obligation === ob2)
    expect(hung).toMatchObject({ result: 'failed', code: 'WAKE_COMMAND_TIMEOUT' })
    await a.daemon.call('actor.add', { handle: 'agent-b', command: `echo "$AIOS_COMM_OBLIGATION" >> ${out}` })
    await waitFor('the retry', () => readFileSync(out, 'utf8'), t => t.endsWith(`${ob2}\n`))
  })
})
