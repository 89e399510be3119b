// Live spread of facts over gossipsub: one topic; the message id is the fact's hash, so duplicates die; every
// fact is validated (and stored) before it is relayed, and an invalid one, or one relayed by a peer that hosts no
// trusted actor, counts against the peer that sent it.
import { TopicValidatorResult, type GossipSub } from '@libp2p/gossipsub'
import type { PeerId } from '@libp2p/interface'
import { sha256, type ErrorCode } from '../../cards/index.js'
import { factFromWire, factToWire } from '../../proto/index.js'
import type { Core } from '../core.js'
import { errorText } from '../runtime/errors.js'
import { applyFact } from './apply.js'
import { FACTS_TOPIC, MAX_GOSSIP_DATA_BYTES } from './constants.js'

/** gossipsub's message id: the hash of the fact inside the message (or of the data, when it does not decode). */
export function factMessageId (data: Uint8Array): Uint8Array {
  try {
    return sha256(factFromWire(data).envelope)
  } catch {
    return sha256(data)
  }
}

/** Lowercase hex, for debug lines naming a fact (computed only when the line is written). */
export function hexOf (bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex')
}

export interface GossipStats {
  published: number
  accepted: number
  rejected: number
}

export class FactGossip {
  private lastPublished = 0
  private publishing = false
  readonly stats: GossipStats = { published: 0, accepted: 0, rejected: 0 }
  private readonly onAppend = (): void => { void this.publishNew() }

  constructor (private readonly pubsub: GossipSub, private readonly core: Core) {}

  start (): void {
    this.lastPublished = this.core.store.facts.head()
    this.pubsub.topicValidators.set(FACTS_TOPIC, async (peer, msg) => this.validate(peer, msg.data))
    this.pubsub.subscribe(FACTS_TOPIC)
    this.core.events.on('facts:appended', this.onAppend)
  }

  stop (): void {
    this.core.events.off('facts:appended', this.onAppend)
    this.pubsub.topicValidators.delete(FACTS_TOPIC)
    try {
      this.pubsub.unsubscribe(FACTS_TOPIC)
    } catch {
      // already stopped with libp2p
    }
  }

  private async validate (peer: PeerId, data: Uint8Array): Promise<TopicValidatorResult> {
    // asked at the time of each message: the gate keeps strangers out of gossipsub, and this drops what a peer that
    // lost its trust (a revocation, before its connection is closed) still relays
    if (!this.core.directory.isTrustedPeer(peer.toString())) return this.reject(peer, 'PEER_NOT_TRUSTED', 'the peer that relayed the fact hosts no trusted actor')
    if (data.byteLength > MAX_GOSSIP_DATA_BYTES) return this.reject(peer, 'FACT_TOO_LARGE')
    let fact
    try {
      fact = factFromWire(data)
    } catch {
      return this.reject(peer, 'FACT_MALFORMED')
    }
    const f = fact
    // applied inside the group commit: one fsync for every fact (and other write) of this event-loop turn
    const v = await this.core.store.commit.run(() => applyFact(this.core, f.kind, f.envelope))
    if (v.verdict === 'reject') return this.reject(peer, v.code, v.reason)
    if (v.verdict !== 'new') {
      this.core.log.debug('fact arrived again', { via: 'gossip', from: peer.toString(), get hash () { return hexOf(sha256(f.envelope)) } })
      return TopicValidatorResult.Ignore
    }
    this.stats.accepted++
    this.core.log.debug('fact arrived', { via: 'gossip', from: peer.toString(), get hash () { return hexOf(sha256(f.envelope)) } })
    return TopicValidatorResult.Accept
  }

  private reject (peer: PeerId, code: ErrorCode, reason = 'the gossiped fact does not decode or is too large'): TopicValidatorResult {
    this.stats.rejected++
    this.core.events.emit('refused', { what: 'fact', code, reason, peer: peer.toString() })
    this.core.log.warn('gossiped fact refused', { peer: peer.toString(), code })
    return TopicValidatorResult.Reject
  }

  /** Publishes the facts this node appended since the last call, except those it learned from peers. */
  private async publishNew (): Promise<void> {
    if (this.publishing) return
    this.publishing = true
    try {
      for (;;) {
        // a fact a durable commit appended is visible before that commit's fsync returns: none is published before
        if (!await this.core.store.commit.synced()) break
        const batch = this.core.store.facts.since(this.lastPublished, 256)
        if (batch.length === 0) break
        const learned = this.core.store.facts.learned
        for (const f of batch) {
          this.lastPublished = f.seq
          if (learned.delete(f.seq)) continue // its signer's node gossips it; see FactStore.learning
          try {
            const sent = await this.pubsub.publish(FACTS_TOPIC, factToWire({ seq: 0, kind: f.kind, envelope: f.bytes }))
            this.stats.published++
            this.core.log.debug('fact published', { get hash () { return hexOf(sha256(f.bytes)) }, get to () { return sent.recipients.map(p => p.toString()) } })
          } catch (err) {
            const text = errorText(err)
            if (!/duplicate/i.test(text) && !/NoPeersSubscribedToTopic/i.test(text)) this.core.log.debug('publish failed', { error: text })
          }
        }
      }
      for (const seq of this.core.store.facts.learned) if (seq <= this.lastPublished) this.core.store.facts.learned.delete(seq) // rolled back
    } finally {
      this.publishing = false
    }
  }
}
