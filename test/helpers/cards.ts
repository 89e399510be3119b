// A card of a fresh seat, signed and endorsed by a fresh mesh key: what the card tests take apart and check.
import { buildCard, generateKeyPair, signCard, signEndorsement, type AgentCard, type CardFacts, type KeyPair } from '../../cards/index.js'

export function freshCard (extra: Partial<CardFacts> = {}): { card: AgentCard, actor: KeyPair } {
  const mesh = generateKeyPair()
  const actor = generateKeyPair()
  const now = Date.now()
  const card = signCard(buildCard(actor.publicKey, {
    handle: 'agent-a',
    peerId: '12D3KooWQt4y3xVmDemucd4d8W3JY1K8Q2ijJRj3GcTkunUjLiR2',
    multiaddrs: ['/ip4/127.0.0.1/tcp/7733'],
    seq: 4,
    carrier: 'codex',
    model: 'gpt-5',
    updatedAtMs: now,
    endorsement: signEndorsement(mesh, 'agent-a', actor.publicKey, now),
    ...extra
  }), actor)
  return { card, actor }
}
