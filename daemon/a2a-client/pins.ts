// The card keys pinned per agent URL: listed for the node's user, and one forgotten so that the agent's next card is
// pinned anew (a key rotated by its owner, confirmed out of band; --accept-new-key does it for one send).
import { MeshError } from '../../cards/index.js'
import type { Core } from '../core.js'
import { parseAgentUrl } from './agent-card.js'

export interface A2APinView {
  url: string
  cardName: string
  /** RFC 7638 SHA-256 thumbprint of the key, base64url. */
  keyThumbprint: string
  pinnedAt: string
  /** When a card signed by this key was last checked. */
  seenAt: string
}

export interface A2AForgetResult { url: string, forgotten: true, keyThumbprint: string }

export function a2aPins (core: Core): A2APinView[] {
  return core.store.a2aClient.pins().map(p => ({
    url: p.url, cardName: p.cardName, keyThumbprint: p.thumbprint, pinnedAt: new Date(p.pinnedAtMs).toISOString(), seenAt: new Date(p.seenAtMs).toISOString()
  }))
}

/** Forgets the key pinned for the URL (normalized as a send normalizes it); A2A_PIN_UNKNOWN when none is. */
export async function a2aForget (core: Core, text: string): Promise<A2AForgetResult> {
  const { url } = parseAgentUrl(text)
  const store = core.store.a2aClient
  const pin = store.pin(url)
  if (pin === undefined) throw new MeshError('A2A_PIN_UNKNOWN', `no card key is pinned for ${url}; aios-comm a2a pins lists those that are`)
  await core.store.commit.run(() => { store.forgetPin(url) })
  return { url, forgotten: true, keyThumbprint: pin.thumbprint }
}
