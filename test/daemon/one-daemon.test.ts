// One daemon per home: two started for the same home at the same instant (a service and a hand-started one, or a
// restart that overlaps) end with one running and the other refused DAEMON_ALREADY_RUNNING before it opens the store
// (seen under real strace: only the one running opened node.db); the one running keeps its control socket. The home
// listens on a port of its own choosing, so nothing else (a port already taken) tells the two apart.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ok, tempDir } from '../helpers/cli.js'
import { DaemonProcess } from '../helpers/mesh.js'
import { STRACE, killTracedWhenDone } from '../helpers/strace.js'

describe('one daemon per home', () => {
  it('of two started together, one runs and the other is refused before it opens the store', async () => {
    const home = join(tempDir(), 'home')
    await ok(home, ['init', '--listen', '/ip4/127.0.0.1/tcp/0'])
    await ok(home, ['mesh', 'create'])
    await ok(home, ['actor', 'add', 'agent-a'])
    const traces = [join(tempDir(), 'one.txt'), join(tempDir(), 'two.txt')]
    const pair = traces.map(t => new DaemonProcess(home, {}, [], [STRACE, '-f', '-e', 'trace=openat', '-o', t]))
    const started = await Promise.allSettled(pair.map(async d => await d.start()))
    const running = pair.filter((_, i) => started[i].status === 'fulfilled')
    expect(running, pair.map(d => d.stderr).join(' | ')).toHaveLength(1)
    killTracedWhenDone(running[0])
    const loser = pair.findIndex((_, i) => started[i].status === 'rejected')
    expect(pair[loser].stderr).toContain('DAEMON_ALREADY_RUNNING')
    const opensStore = (trace: string): boolean => readFileSync(trace, 'utf8').split('\n').some(l => l.includes('openat(') && /node\.db"/.test(l))
    expect(opensStore(traces[1 - loser])).toBe(true)
    expect(opensStore(traces[loser])).toBe(false)
    expect((await running[0].call('node.status')).peerId).toBe(running[0].peerId)
  })
})
