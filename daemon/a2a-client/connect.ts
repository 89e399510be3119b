// Reaching an agent the user named: its card fetched and checked against the key pinned for its URL, and an SDK
// client whose every request goes through the guarded fetch (the agent's own origin, bounded size and time).
import { ClientFactory, JsonRpcTransportFactory, RestTransportFactory, type Client } from '@a2a-js/sdk/client'
import type { AgentCard } from '@a2a-js/sdk'
import type { Core } from '../core.js'
import { MAX_ANSWER_BYTES, MAX_CARD_NAME } from './constants.js'
import { fetchCard, fetchKeySet, parseAgentUrl, usableInterfaces, type AgentUrl } from './agent-card.js'
import { checkCardTrust, type CardTrust } from './card-trust.js'
import { guardedFetch, newGuard, type Guard } from './guarded-fetch.js'

export interface Agent {
  agent: AgentUrl
  name: string
  trust: CardTrust
  /** The card with only its usable interfaces (the signature was checked on the card as served). */
  card: Record<string, unknown>
}

export async function reachAgent (core: Core, url: string, o: { acceptNewKey: boolean, allowUnsigned: boolean }): Promise<Agent> {
  const agent = parseAgentUrl(url)
  const card = await fetchCard(agent)
  const pin = core.store.a2aClient.pin(agent.url)
  const trust = await checkCardTrust(agent.url, card, pin, { ...o, fetchKeySet: async jku => await fetchKeySet(agent, jku) })
  const supportedInterfaces = usableInterfaces(card, agent)
  return { agent, name: (card.name as string).slice(0, MAX_CARD_NAME), trust, card: { ...card, supportedInterfaces } }
}

/** Keeps the key that signed the card, pinned for the URL: on first use, or when the user accepted a new one. */
export function pinKey (core: Core, a: Agent, atMs: number): void {
  const { trust } = a
  if ((trust.pinned === 'new' || trust.pinned === 'replaced') && trust.jwk !== undefined && trust.thumbprint !== undefined) {
    core.store.a2aClient.setPin({ url: a.agent.url, thumbprint: trust.thumbprint, jwk: JSON.stringify(trust.jwk), cardName: a.name, pinnedAtMs: atMs, seenAtMs: atMs })
  } else if (trust.pinned === 'same') core.store.a2aClient.seen(a.agent.url, atMs)
}

/** An SDK client for the agent whose requests all end by the signal's deadline. */
export async function clientFor (a: Agent, signal: AbortSignal): Promise<{ client: Client, guard: Guard }> {
  const guard = newGuard()
  const fetchImpl = guardedFetch({ origin: a.agent.origin, maxBytes: MAX_ANSWER_BYTES, tooLarge: 'A2A_ANSWER_TOO_LARGE', signal }, guard)
  const factory = new ClientFactory({
    transports: [new JsonRpcTransportFactory({ fetchImpl }), new RestTransportFactory({ fetchImpl })],
    clientConfig: { polling: false }
  })
  return { client: await factory.createFromAgentCard(a.card as unknown as AgentCard), guard }
}
