// The order a peer's addresses are dialed in: on a subnet of ours, public, the one that worked last, relayed,
// other private, another host's loopback; a card's own order decides within a rank.
import { describe, expect, it } from 'vitest'
import { networkInterfaces } from 'node:os'
import { AddressRanking } from '../../../daemon/net/index.js'

const PEER = '12D3KooWGCS1izaXggasEzKLU6EkFRSri6KrrbESGiEiRZApgW4S'
const RELAY = '12D3KooWJtxszBSWbwH16QCq6cK9Q4k8bYUhDLde6Zv7HiiYv4Dc'

describe('address ranking', () => {
  it('same subnet, public, last worked, relay, other private; stable within a rank', () => {
    const r = new AddressRanking()
    const onLo = '/ip4/127.0.0.1/tcp/7733' // loopback is a subnet of this host too
    const ours = Object.values(networkInterfaces()).flat().find(a => a?.family === 'IPv4' && !a.internal && a.cidr !== null && !a.cidr.endsWith('/32'))
    const privA = '/ip4/172.31.255.7/tcp/7733' // no host here has 172.31.255/24
    const privB = '/ip4/192.168.254.9/tcp/7733'
    const pub = '/ip4/8.8.4.4/tcp/7733'
    const relay = `/ip4/8.8.8.8/tcp/4001/p2p/${RELAY}/p2p-circuit`
    const card = [privA, relay, privB, pub, onLo, ...(ours !== undefined ? [`/ip4/${ours.address}/tcp/7733`] : [])]
    expect(r.order(PEER, card)).toEqual([onLo, ...(ours !== undefined ? [`/ip4/${ours.address}/tcp/7733`] : []), pub, relay, privA, privB])
    r.remember(PEER, `${privB}/p2p/${PEER}`) // it worked last time: before relays and other private addresses
    expect(r.order(PEER, card)).toEqual([onLo, ...(ours !== undefined ? [`/ip4/${ours.address}/tcp/7733`] : []), pub, privB, relay, privA])
    expect(r.rank(PEER, '/not/an/address')).toBe('private')
    expect(r.compare(`${pub}/p2p/${PEER}`, `${privA}/p2p/${PEER}`)).toBeLessThan(0) // libp2p's own dial queue
  })
})
