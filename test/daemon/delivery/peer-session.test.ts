// The cards of a node's seats ride in its deliver frames: the first frame on a stream carries them, later frames
// carry them again only when they may have changed, and they are read from the store only then.
import '../../../daemon/runtime/polyfill.js'
import { describe, expect, it, onTestFinished } from 'vitest'
import { lpStream } from '@libp2p/utils'
import { generateKeyPair, utf8 } from '../../../cards/index.js'
import { deliverRequestFromWire, deliverResponseToWire } from '../../../proto/index.js'
import { createNode, type MeshNode } from '../../../daemon/net/node.js'
import { DELIVER_PROTOCOL, DELIVER_PROTOCOL_2 } from '../../../daemon/net/constants.js'
import { factMessageId } from '../../../daemon/sync/gossip.js'
import { PeerSession } from '../../../daemon/delivery/peer-session.js'
import { TimedIdReaders } from '../../../daemon/delivery/timed-ids.js'
import type { Core } from '../../../daemon/core.js'

async function node (): Promise<MeshNode> {
  const n = await createNode({ seed: generateKeyPair().seed, listen: ['/ip4/127.0.0.1/tcp/0'], announce: [], isTrustedPeer: () => true, messageId: factMessageId })
  await n.start()
  onTestFinished(async () => { await n.stop() })
  return n
}

describe('a peer session', () => {
  it('sends the local cards in the first frame and again only after their version moved, reading them only then', async () => {
    const server = await node()
    const cardsSeen: string[][] = []
    await server.handle(DELIVER_PROTOCOL, async stream => {
      const lp = lpStream(stream)
      for (;;) {
        let req
        try {
          req = deliverRequestFromWire((await lp.read()).subarray())
        } catch {
          return
        }
        cardsSeen.push(req.cards.map(c => new TextDecoder().decode(c)))
        await lp.write(deliverResponseToWire({ batchId: req.batchId, results: [], receiptResults: [] }))
      }
    })
    const client = await node()
    const core = { directory: { all: () => [{ peerId: server.peerId.toString(), multiaddrs: server.getMultiaddrs().map(String) }] } } as unknown as Core
    let version = 0
    let reads = 0
    const session = new PeerSession(client, core, server.peerId.toString(), {
      version: () => version,
      cards: () => {
        reads++
        return [utf8(`card v${version}`)]
      }
    })
    onTestFinished(() => { session.close() })
    const send = async (): Promise<void> => { await session.send([], [], []) }

    await send()
    await send()
    await send()
    expect(cardsSeen).toEqual([['card v0'], [], []])
    expect(reads).toBe(1)

    version++
    await send()
    await send()
    expect(cardsSeen.slice(3)).toEqual([['card v1'], []])
    expect(reads).toBe(2)
  })

  it('learns from the protocol a peer chose for its deliver stream whether it reads timed message ids', async () => {
    const client = await node()
    const core = { directory: { all: () => [] } } as unknown as Core
    const readers = new TimedIdReaders(client) // not started: identify's events do not reach it
    const answer = async (stream: Parameters<Parameters<MeshNode['handle']>[1]>[0]): Promise<void> => {
      const lp = lpStream(stream)
      const req = deliverRequestFromWire((await lp.read()).subarray())
      await lp.write(deliverResponseToWire({ batchId: req.batchId, results: [], receiptResults: [] }))
    }
    const older = await node()
    await older.handle(DELIVER_PROTOCOL, answer)
    const newer = await node()
    await newer.handle([DELIVER_PROTOCOL_2, DELIVER_PROTOCOL], answer)
    for (const [server, reads] of [[older, false], [newer, true]] as const) {
      const pid = server.peerId.toString()
      await client.peerStore.merge(server.peerId, { multiaddrs: server.getMultiaddrs() })
      readers.negotiated(pid, reads ? DELIVER_PROTOCOL : DELIVER_PROTOCOL_2) // what it said before: the stream decides
      const session = new PeerSession(client, core, pid, { version: () => 0, cards: () => [] }, readers)
      onTestFinished(() => { session.close() })
      await session.send([], [], [])
      expect(readers.reads(pid)).toBe(reads)
    }
  })
})
