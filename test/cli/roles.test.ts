// Roles end to end: `actor add --role` puts them in the seat's signed card (seq + 1 when they change), bad names
// change nothing, and `where role:NAME` on another node lists the seat once the card has spread.
import { describe, expect, it } from 'vitest'
import { cli, errorCode, ok, tempDir } from '../helpers/cli.js'
import { createMesh, waitFor } from '../helpers/mesh.js'

const LISTEN = ['--listen', '/ip4/127.0.0.1/tcp/0']
const SPREAD_MS = 20_000 // gossip between two loopback daemons takes about a second; this bounds a slow, shared machine
const MESH_TEST_MS = 120_000 // five bounded waits and two daemons' start, on a shared machine

async function cardParams (home: string, handle: string): Promise<{ seq: number, roles?: string[] }> {
  return JSON.parse(await ok(home, ['card', 'show', handle, '--a2a'])).capabilities.extensions[0].params
}

async function seatRoles (home: string, handle: string): Promise<string[] | undefined> {
  return (await ok(home, ['actor', 'list', '--json'])).find((a: { handle: string }) => a.handle === handle)?.roles
}

describe('roles without a daemon', () => {
  it('actor add --role signs the roles into the card; a changed set gets seq + 1, the same set none; --no-role drops them', async () => {
    const home = tempDir()
    await ok(home, ['init', ...LISTEN])
    await ok(home, ['mesh', 'create'])
    const added = await ok(home, ['actor', 'add', 'agent-a', '--role', 'reviewer', '--role', 'builder', '--role', 'reviewer', '--json'])
    expect(added.roles).toEqual(['builder', 'reviewer'])
    expect(await cardParams(home, 'agent-a')).toMatchObject({ seq: 1, roles: ['builder', 'reviewer'] })
    await ok(home, ['actor', 'add', 'agent-a', '--role', 'builder', '--role', 'reviewer'])
    expect((await cardParams(home, 'agent-a')).seq).toBe(1)
    await ok(home, ['actor', 'add', 'agent-a', '--pane', '%4']) // no --role: the seat keeps its roles
    expect(await cardParams(home, 'agent-a')).toMatchObject({ seq: 2, roles: ['builder', 'reviewer'] })
    await ok(home, ['actor', 'add', 'agent-a', '--role', 'tester'])
    expect(await cardParams(home, 'agent-a')).toMatchObject({ seq: 3, roles: ['tester'] })
    expect(await ok(home, ['actor', 'list'])).toMatch(/ROLES[\s\S]*agent-a .* tester /)
    await ok(home, ['actor', 'add', 'agent-a', '--no-role'])
    const none = await cardParams(home, 'agent-a')
    expect(none.seq).toBe(4)
    expect(none).not.toHaveProperty('roles')
    expect(await seatRoles(home, 'agent-a')).toEqual([])
  })

  it('a bad role name or too many roles is ROLE_INVALID and changes nothing', async () => {
    const home = tempDir()
    await ok(home, ['init', ...LISTEN])
    await ok(home, ['mesh', 'create'])
    await ok(home, ['actor', 'add', 'agent-a', '--role', 'reviewer', '--model', 'opus'])
    const many = Array.from({ length: 17 }, (_, i) => ['--role', `r${i}`]).flat()
    for (const args of [['--role', 'Reviewer'], ['--role', 'builder', '--role', 'no_underscores'], ['--role', ''], many]) {
      const r = await cli(home, ['actor', 'add', 'agent-a', '--model', 'other', ...args])
      expect(errorCode(r), args.join(' ')).toBe('ROLE_INVALID')
    }
    expect(errorCode(await cli(home, ['actor', 'add', 'agent-new', '--role', 'Bad']))).toBe('ROLE_INVALID')
    const seats = await ok(home, ['actor', 'list', '--json'])
    expect(seats.map((a: { handle: string }) => a.handle)).toEqual(['agent-a'])
    expect(seats[0]).toMatchObject({ roles: ['reviewer'], model: 'opus' })
    expect(await cardParams(home, 'agent-a')).toMatchObject({ seq: 1, roles: ['reviewer'], model: 'opus' })
  })
})

describe('roles of a moved seat', () => {
  it('actor import hosts the seat with the roles its card states and signs them into its new card', async () => {
    const [a, b] = await createMesh(2, { start: false })
    await ok(a.home, ['actor', 'add', 'agent-a', '--role', 'reviewer', '--role', 'builder'])
    const before = await cardParams(a.home, 'agent-a')
    const { path } = await ok(a.home, ['actor', 'export', 'agent-a', '--json'])
    const imported = await ok(b.home, ['actor', 'import', path, '--json'])
    expect(imported.seq).toBe(before.seq + 1)
    expect(await seatRoles(b.home, 'agent-a')).toEqual(['builder', 'reviewer'])
    expect(await cardParams(b.home, 'agent-a')).toMatchObject({ seq: before.seq + 1, roles: ['builder', 'reviewer'] })
  })
})

describe('roles across a mesh', () => {
  it('a seat added with --role on node A is listed by where role:NAME on node B; a changed set and a revocation spread too', async () => {
    const [a, b] = await createMesh(2)
    const aPeer = (await ok(a.home, ['status', '--json'])).peerId
    const seatsOf = async (home: string, role: string): Promise<any[]> => (await ok(home, ['where', `role:${role}`, '--json'])).seats
    const holders = async (home: string, role: string): Promise<string[]> => (await seatsOf(home, role)).map(s => s.handle)

    expect(await ok(b.home, ['where', 'role:reviewer', '--json'])).toEqual({ role: 'reviewer', seats: [] })
    // rev-1's carrier needs nothing (healthy); agent-a's shell carrier has no tmux pane here (unhealthy)
    await ok(a.home, ['actor', 'add', 'rev-1', '--role', 'reviewer', '--carrier', 'command', '--command', 'true'])
    await ok(a.home, ['actor', 'add', 'agent-a', '--role', 'reviewer'])
    const listed = await waitFor('rev-1 and agent-a as reviewers at B', async () => await seatsOf(b.home, 'reviewer'),
      s => s.length === 2 && s.every(x => x.healthy === true), SPREAD_MS)
    expect(listed.map(s => s.handle)).toEqual(['agent-a', 'rev-1'])
    expect(listed[1]).toMatchObject({ handle: 'rev-1', peerId: aPeer, local: false, healthy: true, seq: 1, carrier: 'command' })

    // on A the seats are local, and their health is what status reports
    const here = await seatsOf(a.home, 'reviewer')
    const status = await ok(a.home, ['status', '--json'])
    expect(here.map(s => [s.handle, s.local, s.healthy])).toEqual(['agent-a', 'rev-1'].map(h =>
      [h, true, status.actors.find((x: { handle: string }) => x.handle === h).healthy]))
    expect(here.map(s => s.healthy)).toEqual([false, true])

    await ok(a.home, ['actor', 'add', 'rev-1', '--role', 'builder'])
    await waitFor('rev-1 as a builder at B', async () => await seatsOf(b.home, 'builder'), s => s.length === 1 && s[0].seq === 2, SPREAD_MS)
    expect(await holders(b.home, 'reviewer')).toEqual(['agent-a'])

    // a bad name through the running daemon changes nothing, here or there
    expect(errorCode(await cli(a.home, ['actor', 'add', 'rev-1', '--role', 'Builder']))).toBe('ROLE_INVALID')
    expect(await seatRoles(a.home, 'rev-1')).toEqual(['builder'])
    expect((await ok(a.home, ['where', 'rev-1', '--json'])).seq).toBe(2)

    // a revoked seat holds its role no more
    await ok(a.home, ['mesh', 'revoke', 'rev-1'])
    await waitFor('rev-1 revoked at B', async () => await holders(b.home, 'builder'), h => h.length === 0, SPREAD_MS)

    expect(errorCode(await cli(b.home, ['where', 'role:Bad']))).toBe('ROLE_INVALID')
    expect(errorCode(await cli(b.home, ['where', 'role:']))).toBe('ROLE_INVALID')
    expect(await ok(b.home, ['where', 'role:reviewer'])).toMatch(/^HANDLE +NODE +SEQ +CARRIER +HEALTH\nagent-a /)
    expect(await ok(b.home, ['where', 'agent-a', '--json'])).toMatchObject({ handle: 'agent-a', peerId: aPeer, seq: 2 })

    // a remote seat is healthy while its node is connected
    await a.daemon.stop()
    const gone = await waitFor('agent-a unhealthy at B', async () => await seatsOf(b.home, 'reviewer'), s => s[0]?.healthy === false, SPREAD_MS)
    expect(gone).toMatchObject([{ handle: 'agent-a', local: false, healthy: false }])
  }, MESH_TEST_MS)
})
