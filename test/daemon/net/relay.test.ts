// Relays from members: two hosts that cannot reach each other directly (packets between them are dropped) exchange
// messages through a third host of their mesh that runs a relay; the circuit is Noise end to end with no data or time
// cut; a stranger gets no reservation and no circuit to a member that does not let it in.
import { execFile, execFileSync } from 'node:child_process'
import { promisify } from 'node:util'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateKeyPair } from '@libp2p/crypto/keys'
import { peerIdFromPrivateKey } from '@libp2p/peer-id'
import { FULL } from '../../chaos/faults/workload.js'
import { describe, expect, it, onTestFinished } from 'vitest'
import { CLI, ok, tempDir } from '../../helpers/cli.js'
import { parseToken } from '../../../daemon/join/index.js'
import { createMesh, query, waitFor, type MeshNodeHandle } from '../../helpers/mesh.js'
import { makeHosts, type Hosts } from '../../chaos/faults/netns.js'

const STRANGER = fileURLToPath(new URL('./relay-stranger.mjs', import.meta.url))
const LARGE_BODY_BYTES = 200 * 1024 // past the 128 KiB a default circuit-relay-v2 reservation lets through

/** Host i drops every packet it would send to `address`: a NAT that lets nothing in, seen from both sides. */
function dropTo (hosts: Hosts, i: number, address: string): void {
  const nft = (...args: string[]): void => { execFileSync('ip', ['netns', 'exec', hosts.names[i], 'nft', ...args], { stdio: 'pipe', timeout: 10_000 }) }
  nft('add', 'table', 'inet', 'aioc')
  nft('add', 'chain', 'inet', 'aioc', 'out', '{ type filter hook output priority 0; }')
  nft('add', 'rule', 'inet', 'aioc', 'out', 'ip', 'daddr', address, 'drop')
}

/** Host i's drop rules are gone: the NAT opened. */
function undrop (hosts: Hosts, i: number): void {
  execFileSync('ip', ['netns', 'exec', hosts.names[i], 'nft', 'delete', 'table', 'inet', 'aioc'], { stdio: 'pipe', timeout: 10_000 })
}

/** The relay's answer to a stranger in host i asking it for a reservation, or for a circuit to `peer`. */
async function stranger (hosts: Hosts, i: number, relay: string, ask: 'reserve' | 'connect', peer?: string): Promise<{ status?: string, error?: string }> {
  const { stdout } = await promisify(execFile)('ip', ['netns', 'exec', hosts.names[i], process.execPath, STRANGER, relay, ask, ...(peer === undefined ? [] : [peer])], { timeout: 30_000 })
  return JSON.parse(stdout.trim().split('\n').pop() as string)
}

async function status (n: MeshNodeHandle): Promise<any> {
  return await n.daemon.call('node.status')
}

describe('relays from members', () => {
  it('A and B cut off from each other: the whole lifecycle through R\'s relay, once, Noise end to end; > 128 KiB crosses; strangers refused; a stranger joins through R; direct once it works', { timeout: 180_000 }, async () => {
    const hosts = makeHosts(4) // A, B, R and a stranger's host
    if (typeof hosts === 'string') throw new Error(hosts) // a test that cannot make its namespaces fails
    onTestFinished(() => hosts.cleanup())
    const [addrA, addrB] = hosts.addresses
    dropTo(hosts, 0, addrB)
    dropTo(hosts, 1, addrA)
    const [a, b, r] = await createMesh(3, {
      start: false,
      addresses: (i, port) => ({ listen: `/ip4/${hosts.addresses[i]}/tcp/${port}` }),
      prefix: i => hosts.prefix(i),
      relay: i => i === 2 ? true : undefined
    })
    await Promise.all([a, b, r].map(async n => await n.daemon.start()))
    const [peerA, peerB, peerR] = await Promise.all([a, b, r].map(async n => (await status(n)).peerId as string))

    // a stranger in a fourth host asks R for a reservation, and for circuits (run beside the deliveries)
    const relayAddr = `/ip4/${hosts.addresses[2]}/tcp/${r.port}/p2p/${peerR}`
    const nobody = peerIdFromPrivateKey(await generateKeyPair('Ed25519')).toString()
    const strangers = Promise.all([
      stranger(hosts, 3, relayAddr, 'reserve'),
      waitFor('B\'s reservation at R', async () => (await status(b)).addresses, (x: string[]) => x.some(y => y.includes('/p2p-circuit')), 60_000)
        .then(async () => await stranger(hosts, 3, relayAddr, 'connect', peerB)),
      stranger(hosts, 3, relayAddr, 'connect', nobody)
    ])

    // a message, and one larger than a default reservation's 128 KiB, sent before any circuit exists
    const ob = (await ok(a.home, ['notify', '--to', b.handle, '--text', 'across two NATs', '--json'])).obligation as string
    const file = join(tempDir('aios-relay-'), 'large.txt')
    writeFileSync(file, 'x'.repeat(LARGE_BODY_BYTES))
    const large = (await ok(a.home, ['notify', '--to', b.handle, '--file', file, '--json'])).obligation as string
    for (const o of [ob, large]) await waitFor('DELIVERED at A', async () => await ok(a.home, ['status', o, '--json']), s => s.state === 'DELIVERED', 60_000)

    // B's address through R is in its node status and in the card A holds
    const circuit = `/p2p/${peerR}/p2p-circuit`
    expect((await status(b)).addresses.some((x: string) => x.endsWith(circuit))).toBe(true)
    const cardAtA = JSON.parse(query(a.home, 'SELECT json FROM cards WHERE handle = ?', b.handle)[0].json)
    expect(JSON.stringify(cardAtA)).toContain(circuit)
    expect(JSON.stringify(JSON.parse(query(b.home, 'SELECT json FROM cards WHERE handle = ?', r.handle)[0].json))).toContain('"relay":true')

    // every connection between A and B is a circuit through R, unlimited, Noise-encrypted and authenticated as B
    const bAtA = (await status(a)).peers.find((p: any) => p.peerId === peerB)
    expect(bAtA.connected).toBe(true)
    expect(bAtA.links.length).toBeGreaterThan(0)
    for (const l of bAtA.links) {
      expect(l.address).toContain(`${circuit}/p2p/${peerB}`)
      expect(l.limited).toBe(false)
      expect(l.encryption).toBe('/noise')
    }
    const aAtB = (await status(b)).peers.find((p: any) => p.peerId === peerA)
    expect(aAtB.links.every((l: any) => l.address.includes('/p2p-circuit') && l.encryption === '/noise')).toBe(true)

    // the whole lifecycle, and exactly one copy of each message at B; the large body arrived whole
    await ok(b.home, ['read', ob, '--json'])
    await ok(b.home, ['ack', ob, 'done through the relay', '--json'])
    await waitFor('COMPLETE at A', async () => await ok(a.home, ['status', ob, '--json']), s => s.state === 'COMPLETE', 30_000)
    expect(query(b.home, 'SELECT count(*) AS n FROM messages WHERE local_to = 1')[0].n).toBe(2)
    expect(query(b.home, "SELECT count(*) AS n FROM receipts WHERE state = 'DELIVERED'")[0].n).toBe(2)
    const read = await ok(b.home, ['read', large, '--json'])
    expect(JSON.stringify(read)).toContain('x'.repeat(LARGE_BODY_BYTES))

    // doctor on A says how it is reached from other networks: through R's relay (its own address is a private one)
    await waitFor('A\'s doctor: relay via R', async () => (await a.daemon.call('doctor')).checks.find((c: { name: string }) => c.name === 'reach'),
      (c: { ok: boolean, detail: string } | undefined) => c?.ok === true && c.detail.startsWith(`relay via ${r.handle} `), 30_000)

    // a stranger: no reservation at R, no circuit to B (B has no open invitation), none to a peer without a reservation
    expect(await strangers).toEqual([{ status: 'PERMISSION_DENIED' }, { status: 'CONNECTION_FAILED' }, { status: 'NO_RESERVATION' }])

    // a new home in the stranger's host, which cannot reach A directly either, joins by A's invitation through R
    dropTo(hosts, 3, addrA)
    const { token } = await ok(a.home, ['invite', '--json'])
    expect(parseToken(token).addrs.some(x => x.endsWith(circuit))).toBe(true)
    const newcomer = tempDir('aios-relay-join-')
    await ok(newcomer, ['init', '--listen', `/ip4/${hosts.addresses[3]}/tcp/0`])
    const { stdout } = await promisify(execFile)('ip', ['netns', 'exec', hosts.names[3], process.execPath, CLI, '--home', newcomer, 'join', token, '--handle', 'agent-z', '--json'], { timeout: 60_000 })
    expect(JSON.parse(stdout).seats).toEqual(['agent-z'])

    // once A and B can reach each other, a direct connection replaces the circuit (no hole punching: a plain dial)
    undrop(hosts, 0)
    undrop(hosts, 1)
    const links = await waitFor('a direct connection from A to B, and no circuit', async () => (await status(a)).peers.find((p: any) => p.peerId === peerB)?.links ?? [],
      (l: any[]) => l.length > 0 && l.every(x => !x.address.includes('/p2p-circuit')), 30_000)
    expect(links.every((l: any) => l.address.startsWith(`/ip4/${addrB}/`))).toBe(true)
    const after = (await ok(a.home, ['notify', '--to', b.handle, '--text', 'straight across now', '--json'])).obligation as string
    await waitFor('DELIVERED directly', async () => await ok(a.home, ['status', after, '--json']), s => s.state === 'DELIVERED', 30_000)
    expect(query(b.home, 'SELECT count(*) AS n FROM messages WHERE local_to = 1')[0].n).toBe(3)
  })
})

describe('a relay killed', () => {
  // only at full strength, under npm run test:chaos (which takes this file too); the NAT topology's kills: reach.test.ts
  it.runIf(FULL)('B holds reservations on two relays; the one A\'s circuit runs through is killed: the next message goes through the other, each stored once', { timeout: 180_000 }, async () => {
    const hosts = makeHosts(4) // A, B and two relays
    if (typeof hosts === 'string') throw new Error(hosts)
    onTestFinished(() => hosts.cleanup())
    const [addrA, addrB] = hosts.addresses
    dropTo(hosts, 0, addrB)
    dropTo(hosts, 1, addrA)
    const nodes = await createMesh(4, {
      start: false,
      addresses: (i, port) => ({ listen: `/ip4/${hosts.addresses[i]}/tcp/${port}` }),
      prefix: i => hosts.prefix(i),
      relay: i => i >= 2 ? true : undefined
    })
    const [a, b] = nodes
    await Promise.all(nodes.map(async n => await n.daemon.start()))
    const ids = await Promise.all(nodes.map(async n => (await status(n)).peerId as string))
    const relays = [2, 3].map(i => ({ node: nodes[i], peerId: ids[i] }))
    await waitFor('B\'s reservations on both relays', async () => (await status(b)).addresses,
      (x: string[]) => relays.every(r => x.some(y => y.endsWith(`/p2p/${r.peerId}/p2p-circuit`))), 60_000)

    const first = (await ok(a.home, ['notify', '--to', b.handle, '--text', 'before the relay goes', '--json'])).obligation as string
    await waitFor('the first DELIVERED', async () => await ok(a.home, ['status', first, '--json']), s => s.state === 'DELIVERED', 60_000)
    const link = (await status(a)).peers.find((p: any) => p.peerId === ids[1]).links[0].address as string
    const used = relays.find(r => link.includes(`/p2p/${r.peerId}/p2p-circuit`))
    const other = relays.find(r => r !== used)
    expect(used).toBeDefined()
    await used!.node.daemon.kill()

    const second = (await ok(a.home, ['notify', '--to', b.handle, '--text', 'after the relay went', '--json'])).obligation as string
    await waitFor('the second DELIVERED', async () => await ok(a.home, ['status', second, '--json']), s => s.state === 'DELIVERED', 90_000)
    const links = (await status(a)).peers.find((p: any) => p.peerId === ids[1]).links
    expect(links.length).toBeGreaterThan(0)
    expect(links.every((l: any) => l.address.includes(`/p2p/${other!.peerId}/p2p-circuit`))).toBe(true)
    expect(query(b.home, 'SELECT count(*) AS n FROM messages WHERE local_to = 1')[0].n).toBe(2)
    expect(query(b.home, "SELECT count(*) AS n FROM receipts WHERE state = 'DELIVERED'")[0].n).toBe(2)
  })
})
