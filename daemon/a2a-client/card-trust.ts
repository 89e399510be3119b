// Whether an agent card may be sent to: its signature checked by the SDK's verifyAgentCardSignature with the key
// its protected header names, and that key held against the one pinned for the agent URL on first use.
import { verifyAgentCardSignature, type AgentCard } from '@a2a-js/sdk'
import { MeshError } from '../../cards/index.js'
import type { A2APinRow } from '../store/index.js'
import { keyInSet, publicJwk, signatureKeys, thumbprint, type PublicJwk } from './card-key.js'

/** new: first use, now pinned; same: the pinned key signed it; replaced: another key, accepted by the user; none: unsigned, allowed by the user. */
export type PinOutcome = 'new' | 'same' | 'replaced' | 'none'

export interface CardTrust {
  pinned: PinOutcome
  jwk?: PublicJwk
  thumbprint?: string
}

export interface TrustOptions {
  acceptNewKey: boolean
  allowUnsigned: boolean
  /** Fetches a jku's JWK Set (on the card's own origin only); undefined when it cannot. */
  fetchKeySet: (jku: string) => Promise<unknown>
}

/** True when at least one of the card's signatures verifies with this key (the SDK canonicalizes the card). */
async function signedBy (card: unknown, jwk: PublicJwk): Promise<boolean> {
  try {
    await verifyAgentCardSignature(async () => ({ ...jwk }))(card as AgentCard)
    return true
  } catch {
    return false
  }
}

/** The keys the signatures name, each once: embedded jwk first, then keys found through a jku. */
async function candidates (card: { signatures?: unknown }, fetchKeySet: TrustOptions['fetchKeySet']): Promise<PublicJwk[]> {
  const out = new Map<string, PublicJwk>()
  for (const ref of signatureKeys(card.signatures)) {
    let jwk = ref.jwk
    if (jwk === undefined && ref.jku !== undefined) jwk = keyInSet(await fetchKeySet(ref.jku), ref.kid)
    if (jwk !== undefined) out.set(thumbprint(jwk), jwk)
  }
  return [...out.values()]
}

export async function checkCardTrust (url: string, card: { signatures?: unknown }, pin: A2APinRow | undefined, o: TrustOptions): Promise<CardTrust> {
  const signed = Array.isArray(card.signatures) && card.signatures.length > 0
  if (!signed) {
    if (!o.allowUnsigned) throw new MeshError('A2A_CARD_UNSIGNED', `the card at ${url} carries no signature; nothing was sent (--allow-unsigned sends anyway)`)
    if (pin !== undefined && !o.acceptNewKey) {
      throw new MeshError('A2A_CARD_UNSIGNED', `the card at ${url} was signed by key ${pin.thumbprint} and now carries no signature; nothing was sent (--allow-unsigned --accept-new-key sends anyway)`)
    }
    return { pinned: 'none' }
  }
  const pinnedJwk = pin === undefined ? undefined : publicJwk(JSON.parse(pin.jwk))
  if (pin !== undefined && pinnedJwk !== undefined && await signedBy(card, pinnedJwk)) return { pinned: 'same', jwk: pinnedJwk, thumbprint: pin.thumbprint }
  let key: PublicJwk | undefined
  for (const jwk of await candidates(card, o.fetchKeySet)) {
    if (await signedBy(card, jwk)) { key = jwk; break }
  }
  if (key === undefined) {
    throw new MeshError('A2A_CARD_BAD_SIGNATURE', `no signature on the card at ${url} verifies with the key it names (jwk or jku) or the key pinned for it; nothing was sent`)
  }
  const print = thumbprint(key)
  if (pin === undefined) return { pinned: 'new', jwk: key, thumbprint: print }
  if (print === pin.thumbprint) return { pinned: 'same', jwk: key, thumbprint: print } // the pinned key, as the card names it
  if (!o.acceptNewKey) {
    throw new MeshError('A2A_CARD_KEY_CHANGED', `the card at ${url} is signed by key ${print}, not by ${pin.thumbprint} pinned for it on ${new Date(pin.pinnedAtMs).toISOString()}; nothing was sent`)
  }
  return { pinned: 'replaced', jwk: key, thumbprint: print }
}
