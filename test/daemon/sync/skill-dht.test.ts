// find --skill ID --dht on real daemons: a seat whose card never reached node a by sync or gossip (a's sync with the
// seat's node starts past that node's log, and the card was signed before either daemon started, so nothing gossips
// it) is found through the DHT: its node provides the skill's content id and answers /aios-comm/cards/1. A hostile
// provider (a raw libp2p node with the keys of a member's home) provides the same id and answers a forged card, a
// card over the field limits, garbage and a card of another node's seat: each is refused, none is found, and the
// daemon keeps serving. A stranger let in while an invitation is open is answered no card.
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { multiaddr } from '@multiformats/multiaddr'
import Database from 'better-sqlite3'
import { lpStream } from '@libp2p/utils'
import { describe, expect, it } from 'vitest'
import { buildCard, cardJson, generateKeyPair, signCard, signEndorsement, utf8 } from '../../../cards/index.js'
import { cardsAnswerToWire } from '../../../proto/index.js'
import { createNode } from '../../../daemon/net/node.js'
import { homePaths } from '../../../daemon/index.js'
import { CARDS_PROTOCOL, askCards, skillCid } from '../../../daemon/sync/index.js'
import { factMessageId } from '../../../daemon/sync/gossip.js'
import { cli, errorCode, ok } from '../../helpers/cli.js'
import { createMesh, query, waitFor, withCtx } from '../../helpers/mesh.js'
import { homeKey } from '../../helpers/raw-peer.js'

const FOUND_MS = 60_000 // daemons' start, their DHT routing tables filling and a few DHT queries, on a shared machine
const TEST_MS = 120_000

interface Found { handle: string, peerId: string, skills: string[] }

/** Adds a seat on a node that does not own the mesh, admitted and endorsed by the owner (no daemon runs). */
async function addSeat (owner: string, home: string, handle: string, args: string[]): Promise<void> {
  const added = await ok(home, ['actor', 'add', handle, ...args, '--json'])
  if (added.endorsed === true) return
  const admitted = await ok(owner, ['mesh', 'admit', added.request, '--out', join(home, `${handle}.endorsement.json`), '--json'])
  await ok(home, ['actor', 'endorse', handle, admitted.path])
}

describe('find --skill --dht', () => {
  it('finds a seat whose card this node lacks through the skill\'s providers; a hostile provider\'s cards are refused', async () => {
    const [a, b, h] = await createMesh(3, { start: false })
    await addSeat(a.home, b.home, 'agent-x', ['--skill', 'code-review'])
    const bPeer = await withCtx(b.home, async ctx => await ctx.peerId())
    const hPeer = await withCtx(h.home, async ctx => await ctx.peerId())
    // a's sync with b starts past b's log: what b held before it started never reaches a that way
    const db = new Database(homePaths(a.home).db)
    db.prepare('INSERT INTO peer_checkpoints (peer_id, seq, updated_at_ms) VALUES (?, ?, ?)').run(bPeer, 1_000_000_000, Date.now())
    db.close()

    // the hostile cards: a seat the owner endorsed with a model over the limit, one whose signature is broken, garbage
    const cards = await withCtx(a.home, async ctx => {
      const owner = ctx.meshOwnerKey()!
      const now = Date.now()
      const skills = [{ id: 'code-review', name: 'code-review', description: 'd', tags: ['review'] }]
      const card = (handle: string, model: string, peerId = hPeer): string => {
        const evil = generateKeyPair()
        const facts = { handle, peerId, multiaddrs: [], seq: 1, carrier: 'shell', model, updatedAtMs: now, endorsement: signEndorsement(owner, handle, evil.publicKey, now), skills }
        return cardJson(signCard(buildCard(evil.publicKey, facts), evil))
      }
      // and a card valid in every way but of a seat on another node (b): a provider answers only for its own seats
      return [card('evil-big', 'm'.repeat(300)), card('evil-forged', 'opus').replace('"opus"', '"sonnet"'), '{"not":"a card"}', card('evil-elsewhere', 'opus', bPeer)]
    })
    // the raw provider listens where h's cards say h is, so the daemons dial it themselves
    const raw = await createNode({ seed: homeKey(h.home, 'node.key').seed, listen: [`/ip4/127.0.0.1/tcp/${h.port}`], announce: [], isTrustedPeer: () => true, messageId: factMessageId })
    let asked = 0
    await raw.handle(CARDS_PROTOCOL, async stream => {
      asked++
      const lp = lpStream(stream)
      await lp.read()
      await lp.write(cardsAnswerToWire({ cards: cards.map(c => utf8(c)) }))
      await stream.close()
    })
    await raw.start()
    try {
      await Promise.all([a, b].map(async x => await x.daemon.start()))
      const find = async (...q: string[]): Promise<{ seats: Found[], dht?: { asked: number, learned: number, refused: number } }> => await ok(a.home, ['find', '--skill', 'code-review', ...q, '--json'])
      await waitFor('a and b connected to the raw provider', () => raw.getConnections().length, n => n >= 2, FOUND_MS)
      expect((await find()).seats).toEqual([]) // the card is not here: only the DHT can bring it
      await waitFor('agent-x found through the DHT and the raw provider asked', async () => {
        await raw.contentRouting.provide(skillCid('code-review'), { signal: AbortSignal.timeout(5000) }).catch(() => {})
        return { found: (await find('--dht')).seats.map(s => s.handle), asked }
      }, r => r.found.includes('agent-x') && r.asked > 0, FOUND_MS)
      const r = await find('--dht')
      console.log('find --skill code-review --dht on a:', JSON.stringify(r))
      expect(r.seats.map(s => [s.handle, s.peerId, s.skills])).toEqual([['agent-x', bPeer, ['code-review']]])
      expect(r.dht?.asked).toBeGreaterThanOrEqual(1) // the hostile provider, asked again (b's seat is known now)
      expect(r.dht?.refused).toBe(4)
      // stored like any card: found without the DHT from now on; the hostile cards are nowhere
      expect((await find()).seats.map(s => s.handle)).toEqual(['agent-x'])
      expect(query(a.home, "SELECT handle FROM cards WHERE handle LIKE 'evil%'")).toEqual([])
      expect((await ok(a.home, ['status', '--json'])).peerId).toBeDefined() // still serving
      expect(errorCode(await cli(a.home, ['find', '--tag', 'review', '--dht']))).toBe('USAGE')

      // a stranger let in while an invitation is open gets no card of a's seats
      await a.daemon.call('invite', {})
      const stranger = await createNode({ seed: new Uint8Array(randomBytes(32)), listen: ['/ip4/127.0.0.1/tcp/0'], announce: [], isTrustedPeer: () => true })
      await stranger.start()
      try {
        await stranger.dial(multiaddr(`/ip4/127.0.0.1/tcp/${a.port}/p2p/${a.daemon.peerId}`))
        await expect(askCards(stranger, a.daemon.peerId, '', AbortSignal.timeout(5000))).rejects.toThrow()
      } finally {
        await stranger.stop()
      }
    } finally {
      await raw.stop()
    }
  }, TEST_MS)
})
