// Dialing that finds the way, between hosts in network namespaces: a private address that drops packets without a
// word, listed first in a card, does not stop a direct delivery over the peer's LAN address; mDNS finds a trusted
// peer whose card names only a stale address, and an untrusted announcer on the same LAN is never dialed.
import { describe, expect, it, onTestFinished } from 'vitest'
import { createMesh, waitFor, withCtx, type MeshNodeHandle } from '../../helpers/mesh.js'
import { makeHosts, type Hosts } from '../../chaos/faults/netns.js'
import { saveConfig } from '../../../daemon/home/config.js'

const OLD_DIAL_BUDGET_MS = 5000 // one dial, all addresses one after another, before the dialer

function hostsOrFail (n: number): Hosts {
  const hosts = makeHosts(n)
  if (typeof hosts === 'string') throw new Error(hosts) // no namespaces here: fail, never skip
  onTestFinished(() => hosts.cleanup())
  return hosts
}

async function configure (node: MeshNodeHandle, change: (c: { announce: string[], connectKnownPeers: boolean, mdns: boolean }) => void): Promise<void> {
  await withCtx(node.home, ctx => {
    change(ctx.config)
    ctx.config.announceOnly = ctx.config.announce.length > 0 // no announce left: what the node finds itself
    saveConfig(ctx.paths.config, ctx.config)
  })
}

async function peerView (node: MeshNodeHandle, peerId: string): Promise<{ connected: boolean, addresses: string[] } | undefined> {
  return (await node.daemon.call('peers')).find((p: { peerId: string }) => p.peerId === peerId)
}

describe('dialing across hosts', () => {
  it('a silent private address listed first in a card: the LAN address is found and the message DELIVERED', { timeout: 60_000 }, async () => {
    const hosts = hostsOrFail(2)
    const silent = hosts.silentAddress(1)
    const [a, b] = await createMesh(2, {
      start: false,
      prefix: i => hosts.prefix(i),
      addresses: (i, port) => i === 1
        ? { listen: `/ip4/0.0.0.0/tcp/${port}`, announce: [`/ip4/${silent}/tcp/${port}`, `/ip4/${hosts.addresses[1]}/tcp/${port}`] }
        : { listen: `/ip4/${hosts.addresses[0]}/tcp/${port}` }
    })
    // only a dials (b never dials a, and nobody finds anybody on the LAN): the connection must come from a's dial
    await configure(a, c => { c.mdns = false })
    await configure(b, c => { c.mdns = false; c.connectKnownPeers = false })
    await b.daemon.start()
    await a.daemon.start()
    const bPeer = (await b.daemon.call('node.status')).peerId as string
    const t0 = Date.now()
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'over the LAN, past a silent address' })
    // within the old whole-dial budget: dialing the silent address alone used all of it, the dial failed and the
    // message waited for a retry (DELIVERED after ~17 s, by a later dial of libp2p's own)
    expect(await a.daemon.call('wait', { obligation, state: 'DELIVERED', timeoutMs: OLD_DIAL_BUDGET_MS })).toMatchObject({ state: 'DELIVERED' })
    process.stdout.write(`[dial] silent address first: DELIVERED after ${Date.now() - t0} ms\n`)
    const seen = await peerView(a, bPeer)
    expect(seen?.connected).toBe(true)
    expect(seen?.addresses.some(x => x.startsWith(`/ip4/${hosts.addresses[1]}/tcp/${b.port}`))).toBe(true)
    expect(seen?.addresses.some(x => x.includes(silent))).toBe(false)
  })

  it('mDNS: trusted peers whose cards name only a stale address find each other; an untrusted announcer is not dialed', { timeout: 60_000 }, async () => {
    const hosts = hostsOrFail(3)
    const stale = (port: number): string => `/ip4/${hosts.addresses[0].replace(/\.\d+$/, '.250')}/tcp/${port}` // nobody holds it
    const [a, b] = await createMesh(2, {
      start: false,
      prefix: i => hosts.prefix(i),
      addresses: (i, port) => ({ listen: `/ip4/${hosts.addresses[i]}/tcp/${port}`, announce: stale(port) })
    })
    const [u] = await createMesh(1, { start: false, prefix: () => hosts.prefix(2), addresses: (_i, port) => ({ listen: `/ip4/${hosts.addresses[2]}/tcp/${port}` }) })
    // the cards a and b hold of each other name only the stale address; from now on each announces what it listens on
    for (const n of [a, b]) await configure(n, c => { c.announce = [] })
    // u first: a's and b's first queries are answered by it; b's first query is answered by a
    await u.daemon.start()
    await a.daemon.start()
    await b.daemon.start()
    const [aPeer, bPeer, uPeer] = await Promise.all([a, b, u].map(async n => (await n.daemon.call('node.status')).peerId as string))
    await waitFor('a and b connected', async () => (await peerView(a, bPeer))?.connected === true, ok => ok, 30_000)
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'found on the LAN' })
    expect(await a.daemon.call('wait', { obligation, state: 'DELIVERED', timeoutMs: 30_000 })).toMatchObject({ state: 'DELIVERED' })
    // u was heard on the LAN by both and ignored; it has no connection to either, nor they to it
    for (const n of [a, b]) {
      const lan = await waitFor('u heard and ignored', async () => (await n.daemon.call('node.status')).truth.lan, l => l.ignored > 0, 30_000)
      expect(lan).toMatchObject({ on: true })
      expect(await peerView(n, uPeer)).toBeUndefined() // neither connected nor known: no card, no connection
    }
    expect((await b.daemon.call('node.status')).truth.lan.trusted).toBeGreaterThan(0) // b found a on the LAN
    expect((await u.daemon.call('peers')).filter((p: { connected: boolean }) => p.connected)).toEqual([])
    expect((await u.daemon.call('node.status')).truth.lan.ignored).toBeGreaterThan(0)
    expect([aPeer, bPeer]).not.toContain(uPeer)
  })
})
