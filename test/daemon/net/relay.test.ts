// Relays from members: two hosts that cannot reach each other directly (packets between them are dropped) exchange
// messages through a third host of their mesh that runs a relay; the circuit is TLS end to end with no data or time
// cut; a stranger gets no reservation and no circuit to a member that does not let it in.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateKeyPair } from '@libp2p/crypto/keys'
import { peerIdFromPrivateKey } from '@libp2p/peer-id'
import { describe, expect, it, onTestFinished } from 'vitest'
import { CLI, ok, tempDir } from '../../helpers/cli.js'
import { parseToken } from '../../../daemon/join/index.js'
import { createMesh, query, waitFor } from '../../helpers/mesh.js'
import { makeHosts, type Hosts } from '../../chaos/faults/netns.js'
import { dropTo, status, undrop } from './drop.js'

const STRANGER = fileURLToPath(new URL('./relay-stranger.mjs', import.meta.url))
const LARGE_BODY_BYTES = 200 * 1024 // past the 128 KiB a default circuit-relay-v2 reservation lets through

/** The relay's answer to a stranger in host i asking it for a reservation, or for a circuit to `peer`. */
async function stranger (hosts: Hosts, i: number, relay: string, ask: 'reserve' | 'connect', peer?: string): Promise<{ status?: string, error?: string }> {
  const { stdout } = await promisify(execFile)('ip', ['netns', 'exec', hosts.names[i], process.execPath, STRANGER, relay, ask, ...(peer === undefined ? [] : [peer])], { timeout: 30_000 })
  return JSON.parse(stdout.trim().split('\n').pop() as string)
}

describe('relays from members', () => {
  it('A and B cut off from each other: the whole lifecycle through R\'s relay, once, TLS end to end; > 128 KiB crosses; strangers refused; a stranger joins through R; direct once it works', { timeout: 180_000 }, async () => {
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

    // every connection between A and B is a circuit through R, unlimited, TLS-encrypted and authenticated as B
    const bAtA = (await status(a)).peers.find((p: any) => p.peerId === peerB)
    expect(bAtA.connected).toBe(true)
    expect(bAtA.links.length).toBeGreaterThan(0)
    for (const l of bAtA.links) {
      expect(l.address).toContain(`${circuit}/p2p/${peerB}`)
      expect(l.limited).toBe(false)
      expect(l.encryption).toBe('/tls/1.0.0')
    }
    const aAtB = (await status(b)).peers.find((p: any) => p.peerId === peerA)
    expect(aAtB.links.every((l: any) => l.address.includes('/p2p-circuit') && l.encryption === '/tls/1.0.0')).toBe(true)

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
