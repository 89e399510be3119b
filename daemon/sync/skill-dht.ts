// Skills in the DHT: for every skill id a seat hosted here states, this node is a provider of the content id
// CIDv1(raw, sha256("aios-comm/v1/skill/" + id)), through libp2p's own content routing (kad-dht provider records).
// `find --skill ID --dht` asks the DHT for the providers of ID, asks each trusted one it does not already know as a
// seat's node for its cards (/aios-comm/cards/1), and accepts each card under every rule, as from any peer.
import { CID } from 'multiformats/cid'
import * as Digest from 'multiformats/hashes/digest'
import { sha256, utf8, verifyCardJson } from '../../cards/index.js'
import type { Core } from '../core.js'
import type { MeshNode } from '../net/index.js'
import { errorText } from '../runtime/errors.js'
import { DHT_TIMEOUT_MS, acceptCardJson } from '../directory/index.js'
import { askCards } from './cards-protocol.js'

export const MAX_PROVIDERS_ASKED = 16 // providers asked for their cards in one search
const RAW_CODEC = 0x55
const SHA256_CODE = 0x12
const BUILT_IN_SKILL = 'notify' // every card states it: no one looks for it

export function skillCid (id: string): CID {
  return CID.createV1(RAW_CODEC, Digest.create(SHA256_CODE, sha256(utf8('aios-comm/v1/skill/' + id))))
}

export interface SkillSearch {
  /** Providers found that were asked for their cards. */
  asked: number
  /** Cards learned (new or newer) from their answers. */
  learned: number
  /** Cards refused (each with its code in the log). */
  refused: number
}

export class SkillDht {
  private provided = new Map<string, CID>()

  constructor (private readonly node: MeshNode, private readonly core: Core) {}

  /** The skill ids the valid seats hosted here state. */
  private hostedSkills (): Set<string> {
    const ids = new Set<string>()
    for (const c of this.core.directory.all()) {
      if (!c.local || c.peerId !== this.core.peerId || !this.core.directory.check(c.handle).ok) continue
      for (const s of c.skills ?? []) if (s.id !== BUILT_IN_SKILL) ids.add(s.id)
    }
    return ids
  }

  /**
   * Provides every skill hosted here and stops providing dropped ones: at start and periodically (`again`), and after
   * a card change when the hosted skills changed (cards learned from peers change nothing here, so cost no query).
   */
  async provideAll (again = true): Promise<void> {
    const ids = this.hostedSkills()
    if (!again && ids.size === this.provided.size && [...ids].every(id => this.provided.has(id))) return
    for (const [id, cid] of this.provided) {
      if (ids.has(id)) continue
      this.provided.delete(id)
      await this.node.contentRouting.cancelReprovide(cid).catch(() => {})
    }
    for (const id of ids) {
      const cid = skillCid(id)
      this.provided.set(id, cid)
      try {
        await this.node.contentRouting.provide(cid, { signal: AbortSignal.timeout(DHT_TIMEOUT_MS) })
      } catch (err) {
        this.core.log.debug('dht provide failed', { skill: id, error: errorText(err) })
      }
    }
  }

  /**
   * Asks the DHT for the providers of `skill` (within DHT_TIMEOUT_MS in all) and each trusted one not in `known` for
   * its cards; what a provider answers costs only its own entry.
   */
  async search (skill: string, known: ReadonlySet<string>): Promise<SkillSearch> {
    const signal = AbortSignal.timeout(DHT_TIMEOUT_MS)
    const result: SkillSearch = { asked: 0, learned: 0, refused: 0 }
    const asking: Array<Promise<void>> = []
    const seen = new Set<string>([this.core.peerId, ...known])
    try {
      for await (const p of this.node.contentRouting.findProviders(skillCid(skill), { signal })) {
        const peer = p.id.toString()
        if (seen.has(peer)) continue
        seen.add(peer)
        if (!this.core.directory.isTrustedPeer(peer)) continue // a record may name any peer; strangers are not dialed
        result.asked++
        asking.push(this.fetchFrom(peer, skill, signal, result))
        if (result.asked >= MAX_PROVIDERS_ASKED) break
      }
    } catch (err) {
      this.core.log.debug('dht find providers ended', { skill, error: errorText(err) })
    }
    await Promise.all(asking)
    if (result.learned > 0) this.core.directoryChanged()
    return result
  }

  private async fetchFrom (peer: string, skill: string, signal: AbortSignal, result: SkillSearch): Promise<void> {
    let cards: string[]
    try {
      cards = await askCards(this.node, peer, skill, signal)
    } catch (err) {
      this.core.log.info('skill provider gave no cards', { peer, skill, error: errorText(err) })
      return
    }
    for (const json of cards) {
      // only the provider's own seats: it answers for what it hosts, not for others
      const v = verifyCardJson(json)
      const accepted = !v.ok ? v : v.card.peerId !== peer
        ? { ok: false as const, code: 'CARD_MALFORMED' as const, reason: `a card of a seat on ${v.card.peerId}, sent by ${peer}` }
        : acceptCardJson(this.core.ctx, json)
      if (!accepted.ok) {
        result.refused++
        this.core.log.warn('card from a skill provider refused', { peer, skill, code: accepted.code, error: accepted.reason })
        this.core.events.emit('refused', { what: 'fact', code: accepted.code, reason: accepted.reason, peer })
        continue
      }
      if (accepted.status !== 'unchanged') result.learned++
    }
  }
}
