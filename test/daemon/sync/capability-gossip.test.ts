// Capabilities a peer gossips: a card stating skills within the limits is taken and found by skill; one stating too
// many skills, a huge one or a forged list is refused (the gossip counts it rejected) and never found.
import { describe, expect, it } from 'vitest'
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import { buildCard, cardJson, generateKeyPair, signCard, signEndorsement, utf8, type SeatSkill } from '../../../cards/index.js'
import { factToWire } from '../../../proto/index.js'
import { FACTS_TOPIC } from '../../../daemon/sync/constants.js'
import { createMesh, query, waitFor } from '../../helpers/mesh.js'
import { homeKey, rawPeer } from '../../helpers/raw-peer.js'

const WAIT_MS = 20_000
const skill = (i: number, extra: Partial<SeatSkill> = {}): SeatSkill => ({ id: `review-${i}`, name: `Review ${i}`, description: 'reviews changes', tags: ['typescript'], ...extra })

describe('capabilities by gossip', () => {
  it('a card within the limits is found by skill; cards with too many skills, a huge one or an altered list are refused and not found', async () => {
    const [a, b] = await createMesh(2)
    const owner = homeKey(a.home, 'mesh.key')
    const card = (handle: string, skills: SeatSkill[], edit?: (c: any) => void): string => {
      const key = generateKeyPair()
      const now = Date.now()
      const c = buildCard(key.publicKey, { handle, peerId: b.daemon.peerId, multiaddrs: [], seq: 1, carrier: 'shell', updatedAtMs: now, endorsement: signEndorsement(owner, handle, key.publicKey, now), skills }) as any
      const signed = signCard(c, key) as any
      edit?.(signed)
      return cardJson(signed)
    }

    await b.daemon.stop()
    const rogue = await rawPeer(b.home, peer => peer === a.daemon.peerId)
    const pid = peerIdFromString(a.daemon.peerId)
    await rogue.peerStore.merge(pid, { multiaddrs: [multiaddr(`/ip4/127.0.0.1/tcp/${a.port}`)] })
    await rogue.dial(pid)
    rogue.services.pubsub.subscribe(FACTS_TOPIC)
    await waitFor('the rogue meshed with a', () => rogue.services.pubsub.getSubscribers(FACTS_TOPIC).map(p => p.toString()), l => l.includes(a.daemon.peerId), WAIT_MS)
    const publish = async (json: string): Promise<void> => { await rogue.services.pubsub.publish(FACTS_TOPIC, factToWire({ seq: 0, kind: 'card', envelope: utf8(json) })) }
    const rejected = async (): Promise<number> => (await a.daemon.call('node.status')).truth.gossip.rejected

    await publish(card('spy-ok', [skill(1)]))
    const found = await waitFor('spy-ok found at a', async () => (await a.daemon.call('find', { skill: 'review-1' })).seats, s => s.length === 1, WAIT_MS)
    expect(found[0]).toMatchObject({ handle: 'spy-ok', local: false, skills: ['review-1'] })

    const before = await rejected()
    await publish(card('spy-many', Array.from({ length: 33 }, (_, i) => skill(i))))
    await publish(card('spy-huge', [skill(2, { description: 'x'.repeat(20_000) })]))
    await publish(card('spy-altered', [skill(3)], c => { c.skills[1].tags.push('admin') })) // signed, then changed
    await waitFor('a refused the three cards', rejected, n => n >= before + 3, WAIT_MS)
    expect(query(a.home, "SELECT handle FROM cards WHERE handle LIKE 'spy-%' ORDER BY handle").map(r => r.handle)).toEqual(['spy-ok'])
    expect((await a.daemon.call('find', { tag: 'typescript' })).seats.map(s => s.handle)).toEqual(['spy-ok'])
    await rogue.stop()
  }, 90_000)
})
