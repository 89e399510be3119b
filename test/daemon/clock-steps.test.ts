// The wall clock jumps under a running daemon: a machine that slept (the wall clock ahead, Node's timers not) or a
// clock set back. Nothing timed to the wall clock waits out the jump: a role's lease that ran out during the sleep is
// offered again at once, a seat's next wake is not held back by a clock set back, and the outbox keeps retrying a peer
// that is down. Real daemons, each with its wall clock shifted by a module loaded before it (helpers/clock-shift.mjs).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSharedMesh, waitFor, type MeshNodeHandle, type SharedMesh } from '../helpers/mesh.js'
import { ok } from '../helpers/cli.js'
import { shiftableClock } from '../helpers/clock.js'

const MINUTE = 60_000
const SOON_MS = 20_000 // the clock watch looks every 5 s: well inside this, where the jump itself is minutes

let mesh: SharedMesh
let a: MeshNodeHandle
let b: MeshNodeHandle
let woken: string // the command seat's wakes, one obligation per line

let shiftA: (ms: number) => Promise<void>

beforeAll(async () => {
  mesh = await createSharedMesh(2, { start: false })
  ;[a, b] = mesh.nodes
  woken = join(a.home, 'woken.txt')
  writeFileSync(woken, '')
  await ok(a.home, ['actor', 'add', 'agent-w', '--carrier', 'command', '--command', `echo "$AIOS_COMM_OBLIGATION" >> ${woken}`])
  for (const h of ['rev-b', 'rev-c']) await ok(a.home, ['actor', 'add', h, '--role', 'reviewer'])
  const clock = shiftableClock(a)
  await a.daemon.start({ ...clock.env, AIOS_COMM_LOG: 'info' })
  shiftA = clock.shift
  await b.daemon.start()
}, 60_000)
afterAll(async () => { await mesh?.close() })

const wokenFor = (): string[] => readFileSync(woken, 'utf8').split('\n').filter(l => l !== '')

describe('a wall clock that jumps', () => {
  it('set back ten minutes, does not hold back a seat\'s next wake', async () => {
    const first = (await a.daemon.call('notify', { as: 'agent-a', to: 'agent-w', text: 'one' })).obligation
    await waitFor('the first wake', wokenFor, w => w.includes(first))
    await shiftA(-10 * MINUTE)
    const second = (await a.daemon.call('notify', { as: 'agent-a', to: 'agent-w', text: 'two' })).obligation
    await waitFor('the second wake', wokenFor, w => w.includes(second), SOON_MS)
  }, 60_000)

  it('ahead five minutes, as after a sleep, offers role work again whose lease ran out meanwhile', async () => {
    await shiftA(0)
    const { obligation } = await a.daemon.call('notify', { as: 'agent-a', to: 'role:reviewer', text: 'review this' })
    const lease = await a.daemon.call('claim', { as: 'rev-b', obligation, leaseMs: MINUTE })
    expect(lease.holder).toBe('rev-b')
    const offered = (): number => a.daemon.stderr.split('\n').filter(l => l.includes('role work offered again') && l.includes(obligation)).length
    expect(offered()).toBe(0)
    await shiftA(5 * MINUTE)
    await waitFor('the work offered again', offered, n => n > 0, SOON_MS)
  }, 60_000)

  it('set back ten minutes, keeps the outbox retrying a peer that is down', async () => {
    await shiftA(0)
    await b.daemon.kill()
    const { obligation } = await a.daemon.call('notify', { as: 'agent-a', to: 'agent-b', text: 'while b is down' })
    const attempts = async (): Promise<number> => (await a.daemon.call('status', { obligation })).delivery?.attempts ?? 0
    const before = await waitFor('a few attempts', attempts, n => n >= 3)
    await shiftA(-10 * MINUTE)
    await waitFor('another attempt on the clock set back', attempts, n => n > before + 1, SOON_MS)
  }, 60_000)
})
