// The doctor's reach line: direct public, relay via a member, LAN only or this host only, and a fix whenever a peer
// of the mesh is left out.
import { describe, expect, it } from 'vitest'
import { reachCheck } from '../../../daemon/doctor/reach.js'

const RELAY = '12D3KooWRelayRelayRelayRelayRelayRelayRelayRelayRe'
const peers = (up: boolean): Array<{ peerId: string, connected: boolean, handles: string[] }> => [
  { peerId: RELAY, connected: true, handles: ['vm'] },
  { peerId: '12D3KooWOtherOtherOtherOtherOtherOtherOtherOtherOt', connected: up, handles: ['laptop-b'] }
]

describe('doctor: reach', () => {
  it('a public address: direct, and says when a peer confirmed it and when the node relays', () => {
    const c = reachCheck({ addresses: ['/ip4/203.0.113.10/tcp/7733'], confirmedPublic: ['/ip4/203.0.113.10/tcp/7733'], relayServing: true }, peers(false))
    expect(c.ok).toBe(true)
    expect(c.detail).toMatch(/^direct public at \/ip4\/203\.0\.113\.10\/tcp\/7733 \(confirmed by a peer's dial-back/)
    expect(c.detail).toContain('serves as a relay and mailbox')
  })

  it('behind NAT with a reservation: relay via the member that holds it, named by its seats', () => {
    const c = reachCheck({ addresses: ['/ip4/192.168.1.10/tcp/7733', `/ip4/203.0.113.10/tcp/7733/p2p/${RELAY}/p2p-circuit`], confirmedPublic: [], relayServing: false }, peers(false))
    expect(c.ok).toBe(true)
    expect(c.detail).toBe(`relay via vm (${RELAY.slice(-8)})`)
  })

  it('LAN only: a failure with the fix when a peer is not connected, a warning when every peer is', () => {
    const f = reachCheck({ addresses: ['/ip4/192.168.1.10/tcp/7733'], confirmedPublic: [], relayServing: false }, peers(false))
    expect(f.ok).toBe(false)
    expect(f.detail).toContain('LAN only at /ip4/192.168.1.10/tcp/7733')
    expect(f.detail).toContain('not connected: laptop-b')
    expect(f.fix).toContain('aios-comm init --relay')
    const w = reachCheck({ addresses: ['/ip4/192.168.1.10/tcp/7733'], confirmedPublic: [], relayServing: false }, peers(true))
    expect([w.ok, w.warn]).toEqual([true, true])
  })

  it('this host only, and no address at all', () => {
    const lo = reachCheck({ addresses: ['/ip4/127.0.0.1/tcp/7733'], confirmedPublic: [], relayServing: false }, peers(false))
    expect(lo.ok).toBe(false)
    expect(lo.detail).toMatch(/^this host only/)
    expect(lo.fix).toContain('--listen')
    expect(reachCheck({ addresses: [], confirmedPublic: [], relayServing: false }, []).ok).toBe(false)
  })
})
