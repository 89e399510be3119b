// The relay's gater rules on their own: reservations for members only, circuits only to members, strangers capped,
// incoming circuits only through member relays from members or peers this node lets in, and the relay search
// hearing only of members.
import { describe, expect, it } from 'vitest'
import type { Connection, PeerId } from '@libp2p/interface'
import { MAX_RELAY_STRANGERS, membersOnly, relayGater, relayWanted } from '../../../daemon/net/relay.js'
import { TrustGate } from '../../../daemon/net/trust-gate.js'

const peer = (id: string): PeerId => ({ toString: () => id }) as unknown as PeerId
const conn = (id: string): Connection => ({ remotePeer: peer(id) }) as unknown as Connection

function rules (o: { serving?: boolean, connections?: string[], admit?: string[] } = {}): ReturnType<typeof relayGater> {
  const members = new Set(['member-1', 'member-2', 'relay'])
  return relayGater({
    isTrustedPeer: p => members.has(p),
    admitUntrusted: p => (o.admit ?? []).includes(p),
    serving: o.serving ?? true,
    connections: () => (o.connections ?? []).map(conn)
  })
}

describe('relay rules', () => {
  it('a reservation only for a member; a circuit only to a member, from anyone', () => {
    const r = rules()
    expect(r.denyInboundRelayReservation(peer('member-1'))).toBe(false)
    expect(r.denyInboundRelayReservation(peer('stranger'))).toBe(true)
    expect(r.denyOutboundRelayedConnection(peer('member-1'), peer('member-2'))).toBe(false)
    expect(r.denyOutboundRelayedConnection(peer('stranger'), peer('member-2'))).toBe(false)
    expect(r.denyOutboundRelayedConnection(peer('member-1'), peer('stranger'))).toBe(true)
  })

  it('an incoming circuit: through a member relay, from a member or a peer let in here (an open invitation)', () => {
    expect(rules().denyInboundRelayedConnection(peer('relay'), peer('member-1'))).toBe(false)
    expect(rules().denyInboundRelayedConnection(peer('stranger-relay'), peer('member-1'))).toBe(true)
    expect(rules().denyInboundRelayedConnection(peer('relay'), peer('joiner'))).toBe(true)
    expect(rules({ admit: ['joiner'] }).denyInboundRelayedConnection(peer('relay'), peer('joiner'))).toBe(false)
  })

  it(`a relay lets at most ${MAX_RELAY_STRANGERS} strangers connect at once; members do not count; a node that is no relay lets none`, () => {
    const strangers = Array.from({ length: MAX_RELAY_STRANGERS - 1 }, (_, i) => `stranger-${i}`)
    expect(rules({ connections: [...strangers, 'member-1', 'member-2'] }).strangerForRelay('newcomer')).toBe(true)
    expect(rules({ connections: [...strangers, 'one-more'] }).strangerForRelay('newcomer')).toBe(false)
    expect(rules({ connections: [...strangers, 'newcomer'] }).strangerForRelay('newcomer')).toBe(true) // its own second connection
    expect(rules({ serving: false }).strangerForRelay('newcomer')).toBe(false)
  })

  it('relay on: as configured; absent: only with a confirmed public address', () => {
    expect(relayWanted(true, false)).toBe(true)
    expect(relayWanted(false, true)).toBe(false)
    expect(relayWanted(undefined, false)).toBe(false)
    expect(relayWanted(undefined, true)).toBe(true)
  })
})

describe('the relay search hears only of members', () => {
  it('peer:discovery (mDNS, say) reaches the relay search for members only; the random walk finds nothing', async () => {
    const events = new EventTarget()
    const seen: string[] = []
    const listener = (evt: any): void => { seen.push(evt.detail.id) }
    const components: any = membersOnly(new TrustGate('self', p => p === 'member-1'), { events, randomWalk: 'the DHT walk' })
    components.events.addEventListener('peer:discovery', listener)
    for (const id of ['stranger', 'member-1']) events.dispatchEvent(new CustomEvent('peer:discovery', { detail: { id } }))
    expect(seen).toEqual(['member-1'])
    components.events.removeEventListener('peer:discovery', listener)
    events.dispatchEvent(new CustomEvent('peer:discovery', { detail: { id: 'member-1' } }))
    expect(seen).toEqual(['member-1'])
    const stop = new AbortController()
    const walked: unknown[] = []
    const walk = (async () => { for await (const p of components.randomWalk.walk({ signal: stop.signal })) walked.push(p) })()
    stop.abort()
    await walk
    expect(walked).toEqual([])
  })
})
