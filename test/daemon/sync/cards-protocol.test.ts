// The asking end of /aios-comm/cards/1 over real libp2p on loopback: an answer of at most 64 cards in one frame is
// read; more cards, a frame over the limit, or no answer before the signal fires is an error for that provider only.
import '../../../daemon/runtime/polyfill.js'
import { randomBytes } from 'node:crypto'
import { lpStream } from '@libp2p/utils'
import { describe, expect, it, onTestFinished } from 'vitest'
import { utf8 } from '../../../cards/index.js'
import { cardsAnswerToWire, cardsRequestFromWire } from '../../../proto/index.js'
import { createNode, type MeshNode } from '../../../daemon/net/node.js'
import { MAX_FRAME_BYTES } from '../../../daemon/net/index.js'
import { CARDS_PROTOCOL, MAX_CARDS_ANSWER, askCards } from '../../../daemon/sync/index.js'

async function node (): Promise<MeshNode> {
  const n = await createNode({ seed: new Uint8Array(randomBytes(32)), listen: ['/ip4/127.0.0.1/tcp/0'], announce: [], isTrustedPeer: () => true })
  await n.start()
  onTestFinished(async () => { await n.stop() })
  return n
}

/** A provider that answers every request with `answer(skill)`, or never when it gives undefined. */
async function provider (answer: (skill: string) => Uint8Array | undefined): Promise<MeshNode> {
  const n = await node()
  await n.handle(CARDS_PROTOCOL, async stream => {
    const lp = lpStream(stream, { maxDataLength: 8 * MAX_FRAME_BYTES })
    const bytes = answer(cardsRequestFromWire((await lp.read()).subarray()).skill)
    if (bytes === undefined) return // holds the stream open, silent
    await lp.write(bytes)
    await stream.close().catch(() => {})
  })
  return n
}

async function ask (from: MeshNode, to: MeshNode, ms = 5000): Promise<string[]> {
  await from.dial(to.getMultiaddrs()[0])
  return await askCards(from, to.peerId.toString(), 'code-review', AbortSignal.timeout(ms))
}

const cards = (n: number, bytes = 16): Uint8Array[] => Array.from({ length: n }, () => utf8('x'.repeat(bytes)))

describe('/aios-comm/cards/1, asking', () => {
  it('reads up to 64 cards and sends the skill asked', async () => {
    let asked = ''
    const p = await provider(skill => { asked = skill; return cardsAnswerToWire({ cards: cards(MAX_CARDS_ANSWER) }) })
    expect(await ask(await node(), p)).toHaveLength(MAX_CARDS_ANSWER)
    expect(asked).toBe('code-review')
  })

  it('refuses an answer of more than 64 cards, a frame over the limit, and a silent provider once the signal fires', async () => {
    const client = await node()
    const many = await provider(() => cardsAnswerToWire({ cards: cards(MAX_CARDS_ANSWER + 1) }))
    await expect(ask(client, many)).rejects.toThrow(/65 cards in one answer; at most 64/)
    const big = await provider(() => cardsAnswerToWire({ cards: cards(2, MAX_FRAME_BYTES / 2) }))
    await expect(ask(client, big)).rejects.toThrow(/max|length|large/i)
    const silent = await provider(() => undefined)
    const t0 = Date.now()
    await expect(ask(client, silent, 500)).rejects.toThrow(/abort/i)
    expect(Date.now() - t0).toBeLessThan(5000)
  })
})
