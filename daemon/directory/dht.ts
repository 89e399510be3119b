// Cards in the DHT under /aios-comm/card/<handle>: a node that has never heard of an actor can still find its
// newest card. Records are checked with the card acceptance rules; of several, the highest seq wins.
import type { DHTProgressEvents } from '@libp2p/kad-dht'
import { MeshError, checkEndorsement, utf8, verifyCardJson } from '../../cards/index.js'
import type { Core } from '../core.js'
import type { MeshNode } from '../net/index.js'
import { errorText } from '../runtime/errors.js'
import { acceptCardJson, cardFieldsTooLarge } from './ingest.js'

export const DHT_TIMEOUT_MS = 5000
const PUT_TIMEOUT_MS = 30_000 // puts run in the background: a busy mesh gets longer than a lookup a caller waits on
export const REPUBLISH_MS = 10 * 60_000 // records are re-put this often, so they outlive the peers that stored them
/**
 * A put goes to the K closest peers it finds (kad-dht's K, 20); a record stored at half as many is placed: a lookup
 * still finds a copy when most of those peers are gone, and the periodic put restores the rest.
 */
export const PLACED_REPLICAS = 10

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

/** Why the cards are put: the daemon started or the interval passed, a card changed, or peers connected. */
export type PutCause = 'interval' | 'change' | 'connect'

export class CardDht {
  private timer?: NodeJS.Timeout
  /**
   * How many peers stored every local card on the last put that finished (the fewest of any card), undefined before
   * one finished; Infinity when this node has no card of its own to put.
   */
  placed?: number
  /** The most trusted peers connected when any put so far began: no put could store the cards at more. */
  private putAmong?: number

  constructor (private readonly node: MeshNode, private readonly core: Core) {}

  /** `alsoEach`: run beside every publish of the interval (the skills' provider records). */
  start (alsoEach: () => Promise<void> = async () => {}): void {
    const each = async (): Promise<void> => { await this.publishAll('interval'); await alsoEach() }
    void each()
    this.timer = setInterval(() => { void each() }, REPUBLISH_MS)
    this.timer.unref()
  }

  stop (): void {
    clearInterval(this.timer)
  }

  /**
   * Puts every local seat's card (at start, on change, and periodically) and sets `placed` from the peers that
   * answered each PUT_VALUE with the record as sent (FIND_NODE answers of the same query are not stores).
   */
  async publishAll (cause: PutCause): Promise<void> {
    const id = this.core.store.identity
    const among = this.connectedPeers()
    this.putAmong = Math.max(this.putAmong ?? 0, among)
    let fewest = Infinity
    for (const seat of id.actors()) {
      const card = id.card(seat.handle)
      if (card === undefined || card.peerId !== this.core.peerId) continue
      const value = utf8(card.json)
      const stored = new Set<string>()
      const onProgress = (e: DHTProgressEvents): void => {
        if (e.type !== 'kad-dht:query:peer-response' || e.detail.messageName !== 'PUT_VALUE') return
        const held = e.detail.record?.value
        if (held !== undefined && Buffer.from(held).equals(value)) stored.add(e.detail.from.toString())
      }
      try {
        await this.node.contentRouting.put(cardKey(seat.handle), value, { signal: AbortSignal.timeout(PUT_TIMEOUT_MS), onProgress })
      } catch (err) {
        this.core.log.debug('dht put failed', { handle: seat.handle, error: errorText(err) })
      }
      fewest = Math.min(fewest, stored.size)
    }
    this.placed = fewest
    this.core.log.debug('cards put in the DHT', { cause, stored: Number.isFinite(fewest) ? fewest : null, among })
  }

  /** True until a put has stored every local card at PLACED_REPLICAS peers: a new peer may be owed a copy. */
  get underPlaced (): boolean {
    return this.placed === undefined || this.placed < PLACED_REPLICAS
  }

  /**
   * Under-placed, and more trusted peers are connected now than when any put so far began: a put now can store the
   * cards at peers none could reach (a node that started before most of its mesh). A peer that comes back to a mesh
   * no bigger than before is not one.
   */
  get moreToReach (): boolean {
    return this.underPlaced && this.putAmong !== undefined && this.connectedPeers() > this.putAmong
  }

  /** Distinct trusted peers with an open connection: the DHT of a mesh holds only them. */
  private connectedPeers (): number {
    const peers = new Set<string>()
    for (const c of this.node.getConnections()) {
      const p = c.remotePeer.toString()
      if (c.status === 'open' && this.core.directory.isTrustedPeer(p)) peers.add(p)
    }
    return peers.size
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
