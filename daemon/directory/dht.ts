// Cards in the DHT under /aios-comm/card/<handle>: a node that has never heard of an actor can still find its
// newest card. Records are checked with the card acceptance rules; of several, the highest seq wins.
import { MeshError, checkEndorsement, utf8, verifyCardJson } from '../../cards/index.js'
import type { Core } from '../core.js'
import type { MeshNode } from '../net/index.js'
import { errorText } from '../runtime/errors.js'
import { acceptCardJson, cardFieldsTooLarge } from './ingest.js'

export const DHT_TIMEOUT_MS = 5000
export const REPUBLISH_MS = 10 * 60_000 // records are re-put this often, so they outlive the peers that stored them

const PREFIX = '/aios-comm/card/'

export function cardKey (handle: string): Uint8Array {
  return utf8(PREFIX + handle)
}

/** The DHT validator: throws unless the value is a card for the key's handle that this mesh accepts. */
export function validateCardRecord (core: Core, key: Uint8Array, value: Uint8Array): void {
  const handle = Buffer.from(key).toString('utf8').slice(PREFIX.length)
  const v = verifyCardJson(Buffer.from(value).toString('utf8'))
  if (!v.ok) throw new MeshError(v.code, v.reason)
  if (v.card.handle !== handle) throw new MeshError('CARD_MALFORMED', `a card for ${v.card.handle} stored under ${handle}`)
  const big = cardFieldsTooLarge(v.card) // the DHT holds and serves what it validates: the same limits as every card
  if (big !== undefined) throw new MeshError(big.code, big.reason)
  const e = checkEndorsement(v.card.endorsement, v.card.handle, v.card.actorKey, core.ctx.trustContext())
  if (!e.ok) throw new MeshError(e.code, e.reason)
}

/** The DHT selector: the index of the valid record with the highest seq. */
export function selectCardRecord (values: Uint8Array[]): number {
  let best = 0
  let bestSeq = -1
  values.forEach((value, i) => {
    const v = verifyCardJson(Buffer.from(value).toString('utf8'))
    if (v.ok && v.card.seq > bestSeq) {
      best = i
      bestSeq = v.card.seq
    }
  })
  return best
}

export class CardDht {
  private timer?: NodeJS.Timeout

  constructor (private readonly node: MeshNode, private readonly core: Core) {}

  /** `alsoEach`: run beside every publish of the interval (the skills' provider records). */
  start (alsoEach: () => Promise<void> = async () => {}): void {
    const each = async (): Promise<void> => { await this.publishAll(); await alsoEach() }
    void each()
    this.timer = setInterval(() => { void each() }, REPUBLISH_MS)
    this.timer.unref()
  }

  stop (): void {
    clearInterval(this.timer)
  }

  /** Puts every local seat's card (at start, on change, and periodically). */
  async publishAll (): Promise<void> {
    const id = this.core.store.identity
    for (const seat of id.actors()) {
      const card = id.card(seat.handle)
      if (card === undefined || card.peerId !== this.core.peerId) continue
      try {
        await this.node.contentRouting.put(cardKey(seat.handle), utf8(card.json), { signal: AbortSignal.timeout(DHT_TIMEOUT_MS) })
      } catch (err) {
        this.core.log.debug('dht put failed', { handle: seat.handle, error: errorText(err) })
      }
    }
  }

  /** Finds an actor's newest card in the DHT and accepts it under every rule; true when a card was learned. */
  async lookup (handle: string): Promise<boolean> {
    let value: Uint8Array
    try {
      value = await this.node.contentRouting.get(cardKey(handle), { signal: AbortSignal.timeout(DHT_TIMEOUT_MS) })
    } catch (err) {
      this.core.log.debug('dht get failed', { handle, error: errorText(err) })
      return false
    }
    const v = acceptCardJson(this.core.ctx, Buffer.from(value).toString('utf8'))
    if (!v.ok) {
      this.core.log.warn('card from the DHT refused', { handle, code: v.code, error: v.reason })
      return false
    }
    if (v.status !== 'unchanged') this.core.directoryChanged()
    return true
  }
}
