// Live spread of facts over gossipsub: the facts a node made go out together, up to GOSSIP_BATCH_FACTS in one
// FactBatch on FACT_BATCH_TOPIC (one gossip message, one validation and one commit for a commit group's facts,
// where a message per fact cost each node gossipsub's whole per-message path per fact); the message id is the hash of
// the data, so duplicates die. Every fact is validated (and stored) before a message is relayed; a message holding
// an invalid fact, or relayed by a peer that hosts no trusted actor, is not relayed and counts against that peer.
// FACTS_TOPIC, one fact per message with the fact's hash as its id, is what daemons before batches speak: still
// validated the same way, and published to while a peer subscribes to it alone.
import { TopicValidatorResult, type GossipSub } from '@libp2p/gossipsub'
import type { PeerId } from '@libp2p/interface'
import { sha256, type ErrorCode } from '../../cards/index.js'
import { factBatchFromWire, factBatchToWire, factFromWire, factToWire, type FactData } from '../../proto/index.js'
import type { Core } from '../core.js'
import { errorText } from '../runtime/errors.js'
import { applyFact } from './apply.js'
import type { FactVerdict } from './apply.js'
import type { FactRow } from '../store/index.js'
import {
  FACTS_TOPIC, FACT_BATCH_TOPIC, FACT_FLUSH_MS, GOSSIP_BATCH_BYTES, GOSSIP_BATCH_FACTS, MAX_FACT_BYTES, MAX_GOSSIP_BATCH_DATA_BYTES, MAX_GOSSIP_DATA_BYTES
} from './constants.js'

/**
 * gossipsub's message id: on FACTS_TOPIC the hash of the fact inside the message (or of the data, when it does not
 * decode); on any other topic the hash of the data.
 */
export function factMessageId (topic: string, data: Uint8Array): Uint8Array {
  if (topic !== FACTS_TOPIC) return sha256(data)
  try {
    return sha256(factFromWire(data).envelope)
  } catch {
    return sha256(data)
  }
}

/** The facts of `rows` in batches: at most GOSSIP_BATCH_FACTS and GOSSIP_BATCH_BYTES each, a larger fact alone. */
export function factBatches (rows: Array<Pick<FactRow, 'kind' | 'bytes'>>): FactData[][] {
  const batches: FactData[][] = []
  let batch: FactData[] = []
  let bytes = 0
  for (const r of rows) {
    if (batch.length > 0 && (batch.length >= GOSSIP_BATCH_FACTS || bytes + r.bytes.byteLength > GOSSIP_BATCH_BYTES)) {
      batches.push(batch)
      batch = []
      bytes = 0
    }
    batch.push({ seq: 0, kind: r.kind, envelope: r.bytes })
    bytes += r.bytes.byteLength
  }
  if (batch.length > 0) batches.push(batch)
  return batches
}

/** Lowercase hex, for debug lines naming a fact (computed only when the line is written). */
export function hexOf (bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex')
}

export interface GossipStats {
  published: number
  /** Own facts not published: the only peer listening had them in its deliver answer. */
  skipped: number
  accepted: number
  rejected: number
}

export class FactGossip {
  private publishing = false
  private awaitingDurable = false
  private lastSentAt = -Infinity // performance.now() of the last publish
  private flush?: NodeJS.Timeout
  readonly stats: GossipStats = { published: 0, skipped: 0, accepted: 0, rejected: 0 }
  private readonly onAppend = (): void => { this.schedule() }

  constructor (private readonly pubsub: GossipSub, private readonly core: Core) {}

  start (): void {
    this.core.store.facts.collectOwn(true) // what the node made before it gossips is not published now (its peers sync it)
    this.pubsub.topicValidators.set(FACT_BATCH_TOPIC, async (peer, msg) => this.validateBatch(peer, msg.data))
    this.pubsub.topicValidators.set(FACTS_TOPIC, async (peer, msg) => this.validate(peer, msg.data))
    this.pubsub.subscribe(FACT_BATCH_TOPIC)
    this.pubsub.subscribe(FACTS_TOPIC)
    this.core.events.on('facts:appended', this.onAppend)
  }

  stop (): void {
    this.core.events.off('facts:appended', this.onAppend)
    this.core.store.facts.collectOwn(false)
    clearTimeout(this.flush)
    this.flush = undefined
    for (const topic of [FACT_BATCH_TOPIC, FACTS_TOPIC]) {
      this.pubsub.topicValidators.delete(topic)
      try {
        this.pubsub.unsubscribe(topic)
      } catch {
        // already stopped with libp2p
      }
    }
  }

  /** One fact (FACTS_TOPIC). */
  private async validate (peer: PeerId, data: Uint8Array): Promise<TopicValidatorResult> {
    if (!this.trusted(peer)) return this.untrusted(peer)
    if (data.byteLength > MAX_GOSSIP_DATA_BYTES) return this.reject(peer, 'FACT_TOO_LARGE')
    let fact
    try {
      fact = factFromWire(data)
    } catch {
      return this.reject(peer, 'FACT_MALFORMED')
    }
    return await this.apply(peer, [fact])
  }

  /** A batch (FACT_BATCH_TOPIC): 1 to GOSSIP_BATCH_FACTS facts, each within its limit. */
  private async validateBatch (peer: PeerId, data: Uint8Array): Promise<TopicValidatorResult> {
    if (!this.trusted(peer)) return this.untrusted(peer)
    if (data.byteLength > MAX_GOSSIP_BATCH_DATA_BYTES) return this.reject(peer, 'FACT_TOO_LARGE', 'the gossiped batch is larger than a batch may be')
    let facts
    try {
      facts = factBatchFromWire(data).facts
    } catch {
      return this.reject(peer, 'FACT_MALFORMED', 'the gossiped batch does not decode')
    }
    if (facts.length === 0 || facts.length > GOSSIP_BATCH_FACTS) return this.reject(peer, 'FACT_MALFORMED', `a gossiped batch holds 1 to ${GOSSIP_BATCH_FACTS} facts, not ${facts.length}`)
    return await this.apply(peer, facts)
  }

  // asked at the time of each message: the gate keeps strangers out of gossipsub, and this drops what a peer that
  // lost its trust (a revocation, before its connection is closed) still relays
  private trusted (peer: PeerId): boolean {
    return this.core.directory.isTrustedPeer(peer.toString())
  }

  private untrusted (peer: PeerId): TopicValidatorResult {
    return this.reject(peer, 'PEER_NOT_TRUSTED', 'the peer that relayed the fact hosts no trusted actor')
  }

  /**
   * Applies every fact inside one group commit (one fsync for them and every other write of this event-loop turn).
   * Relayed when one is new here; refused whole when one is refused (the valid ones stay stored).
   */
  private async apply (peer: PeerId, facts: FactData[]): Promise<TopicValidatorResult> {
    for (const f of facts) if (f.envelope.byteLength > MAX_FACT_BYTES) return this.reject(peer, 'FACT_TOO_LARGE', `a gossiped fact has ${f.envelope.byteLength} bytes; the limit is ${MAX_FACT_BYTES}`)
    const now = Date.now()
    // what a peer relays it holds (its validator stored it first): the tail to that peer passes over it
    const verdicts: FactVerdict[] = await this.core.store.commit.run(() => this.core.store.facts.peers.receivedFrom(peer.toString(), () => facts.map(f => applyFact(this.core, f.kind, f.envelope, now))))
    let fresh = 0
    let refused: Extract<FactVerdict, { verdict: 'reject' }> | undefined
    verdicts.forEach((v, i) => {
      const f = facts[i]
      if (v.verdict === 'reject') refused ??= v
      else if (v.verdict === 'new') {
        fresh++
        this.core.log.debug('fact arrived', { via: 'gossip', from: peer.toString(), get hash () { return hexOf(sha256(f.envelope)) } })
      } else this.core.log.debug('fact arrived again', { via: 'gossip', from: peer.toString(), get hash () { return hexOf(sha256(f.envelope)) } })
    })
    this.stats.accepted += fresh
    if (refused !== undefined) return this.reject(peer, refused.code, refused.reason)
    return fresh > 0 ? TopicValidatorResult.Accept : TopicValidatorResult.Ignore
  }

  private reject (peer: PeerId, code: ErrorCode, reason = 'the gossiped fact does not decode or is too large'): TopicValidatorResult {
    this.stats.rejected++
    this.core.events.emit('refused', { what: 'fact', code, reason, peer: peer.toString() })
    this.core.log.warn('gossiped fact refused', { peer: peer.toString(), code })
    return TopicValidatorResult.Reject
  }

  /** Publishes now when nothing went out in the last FACT_FLUSH_MS, else once that window ends (see constants.ts). */
  private schedule (): void {
    if (this.flush !== undefined) return
    const wait = this.lastSentAt + FACT_FLUSH_MS - performance.now()
    if (wait <= 0) {
      void this.publishNew()
      return
    }
    this.flush = setTimeout(() => {
      this.flush = undefined
      void this.publishNew()
    }, wait)
  }

  /**
   * Publishes the facts this node made (not those it learned from peers) that were committed since the last call,
   * each only once it is durable: a durable commit's facts are visible, and handed here, before its fsync returns;
   * a fact that left the node then could name a message a power cut takes back (a DELIVERED for it, say).
   */
  private async publishNew (): Promise<void> {
    if (this.publishing) return
    this.publishing = true
    try {
      const facts = this.core.store.facts
      const watermark = this.core.store.watermark
      for (;;) {
        if (!await this.core.store.commit.synced()) break
        const rows = facts.takeOwn(watermark.firstUnsynced(), GOSSIP_BATCH_FACTS * 2)
        if (rows.length === 0) {
          // the rest are not durable yet: they go in the window after the commit that makes them so (one is made if
          // none comes, for a relaxed commit's facts)
          if (facts.ownWaiting() && !this.awaitingDurable) {
            this.awaitingDurable = true
            void watermark.whenDurable().then(() => {
              this.awaitingDurable = false
              this.schedule()
            })
          }
          break
        }
        const handed = facts.peers.handedTo
        let listeners: Set<string> | undefined // read only when a fact was handed to a peer
        const own: FactRow[] = []
        for (const f of rows) {
          if (f.bytes.byteLength > MAX_FACT_BYTES) continue // no peer would take it
          // a DELIVERED receipt went back in the deliver answer; when that peer is the only one listening, gossip
          // would only bring it a second copy (the sync tail still carries it: the repair if the answer was lost)
          const to = handed.take(f.seq, f.hash)
          if (to !== undefined && (listeners ??= this.listeners()).size === 1 && listeners.has(to)) {
            this.stats.skipped++
            continue
          }
          own.push(f)
        }
        for (const batch of factBatches(own)) await this.publish(batch)
      }
    } finally {
      this.publishing = false
    }
  }

  /** The peers subscribed to either fact topic. */
  private listeners (): Set<string> {
    return new Set([FACT_BATCH_TOPIC, FACTS_TOPIC].flatMap(t => this.pubsub.getSubscribers(t).map(String)))
  }

  private async publish (batch: FactData[]): Promise<void> {
    this.lastSentAt = performance.now()
    const sent = await this.send(FACT_BATCH_TOPIC, factBatchToWire({ facts: batch }))
    // a peer that reads one fact per message only (an older daemon) gets each fact that way too
    const batched = new Set(this.pubsub.getSubscribers(FACT_BATCH_TOPIC).map(String))
    const single = this.pubsub.getSubscribers(FACTS_TOPIC).some(p => !batched.has(p.toString()))
    if (single) for (const f of batch) await this.send(FACTS_TOPIC, factToWire(f))
    this.stats.published += batch.length
    for (const f of batch) this.core.log.debug('fact published', { get hash () { return hexOf(sha256(f.envelope)) }, get to () { return sent } })
  }

  /** The peers a message went to; publishing with none subscribed, or the same message twice, is not an error here. */
  private async send (topic: string, data: Uint8Array): Promise<string[]> {
    try {
      const r = await this.pubsub.publish(topic, data)
      return r.recipients.map(p => p.toString())
    } catch (err) {
      const text = errorText(err)
      if (!/duplicate/i.test(text) && !/NoPeersSubscribedToTopic/i.test(text)) this.core.log.debug('publish failed', { topic, error: text })
      return []
    }
  }
}
