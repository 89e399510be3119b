// Finding an agent: the URL the user gave (the agent's base URL, or its card's own URL ending in .json), its card
// fetched within bounds, and the card's interfaces kept only where they stay on that URL's origin.
import { MeshError } from '../../cards/index.js'
import { BINDINGS, CARD_TIMEOUT_MS, MAX_CARD_BYTES, MAX_JWKS_BYTES } from './constants.js'
import { guardedFetch, newGuard, type Guard } from './guarded-fetch.js'

const CARD_PATH = '/.well-known/agent-card.json'

export interface AgentUrl {
  /** The agent URL as pinned: origin and path, without a trailing slash, query or fragment. */
  url: string
  origin: string
  cardUrl: string
}

export function parseAgentUrl (text: string): AgentUrl {
  let u: URL
  try {
    u = new URL(text)
  } catch {
    throw new MeshError('A2A_URL_INVALID', `${JSON.stringify(text)} is not a URL`)
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new MeshError('A2A_URL_INVALID', `${u.protocol} URLs are not A2A agents; give an http or https URL`)
  if (u.username !== '' || u.password !== '') throw new MeshError('A2A_URL_INVALID', 'the URL carries a user name or password; give the agent URL alone')
  const path = u.pathname.replace(/\/+$/, '')
  const url = `${u.origin}${path}`
  return { url, origin: u.origin, cardUrl: path.endsWith('.json') ? url : `${url}${CARD_PATH}` }
}

/** The card as JSON, fetched within the card bounds; a failure is the guard's coded error. */
export async function fetchCard (agent: AgentUrl): Promise<Record<string, unknown>> {
  const text = await fetchBounded(agent, agent.cardUrl, MAX_CARD_BYTES)
  let card: unknown
  try {
    card = JSON.parse(text)
  } catch {
    throw new MeshError('A2A_CARD_MALFORMED', `${agent.cardUrl} does not serve JSON`)
  }
  if (typeof card !== 'object' || card === null || Array.isArray(card) || typeof (card as { name?: unknown }).name !== 'string') {
    throw new MeshError('A2A_CARD_MALFORMED', `${agent.cardUrl} serves JSON that is not an agent card (no name)`)
  }
  return card as Record<string, unknown>
}

/** A jku's JWK Set, on the agent's own origin only: a card may not make this node fetch from elsewhere. */
export async function fetchKeySet (agent: AgentUrl, jku: string): Promise<unknown> {
  let u: URL
  try {
    u = new URL(jku, agent.cardUrl)
  } catch {
    return undefined
  }
  if (u.origin !== agent.origin) return undefined
  try {
    return JSON.parse(await fetchBounded(agent, u.href, MAX_JWKS_BYTES))
  } catch {
    return undefined
  }
}

async function fetchBounded (agent: AgentUrl, url: string, maxBytes: number): Promise<string> {
  const guard: Guard = newGuard()
  const f = guardedFetch({ origin: agent.origin, maxBytes, tooLarge: 'A2A_CARD_TOO_LARGE', signal: AbortSignal.timeout(CARD_TIMEOUT_MS) }, guard)
  let res: Response
  try {
    res = await f(url, { headers: { accept: 'application/json' } })
  } catch (err) {
    throw guard.violation ?? err
  }
  if (!res.ok) throw new MeshError('A2A_CARD_MALFORMED', `${url} answered HTTP ${res.status}, not a card`)
  return await res.text()
}

/** The interfaces this client may use: a binding it speaks, at a URL on the agent's own origin. */
export function usableInterfaces (card: Record<string, unknown>, agent: AgentUrl): unknown[] {
  const all = Array.isArray(card.supportedInterfaces) ? card.supportedInterfaces as unknown[] : []
  const spoken = all.filter(i => BINDINGS.includes((i as { protocolBinding?: string } | null)?.protocolBinding as typeof BINDINGS[number]))
  if (spoken.length === 0) throw new MeshError('A2A_CARD_MALFORMED', `the card at ${agent.cardUrl} names no ${BINDINGS.join(' or ')} interface`)
  const local = spoken.filter(i => {
    try {
      return new URL(String((i as { url?: unknown }).url)).origin === agent.origin
    } catch {
      return false
    }
  })
  if (local.length === 0) {
    const named = spoken.map(i => String((i as { url?: unknown }).url)).join(', ')
    throw new MeshError('A2A_CARD_FOREIGN_INTERFACE', `the card at ${agent.cardUrl} names its interfaces at ${named}, not on ${agent.origin}; nothing was sent`)
  }
  return local
}
