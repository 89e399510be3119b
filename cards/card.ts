// Building and signing A2A 1.0 Agent Cards: mesh data in a data-only extension, JWS (EdDSA) over RFC 8785 JCS.
import { b64url, utf8 } from './encoding.js'
import { nobleSign } from './ed25519.js'
import { jcs } from './jcs.js'
import { keyId, keyText, type KeyPair } from './keys.js'
import { normalizeRoles } from './role.js'
import { NOTIFY_SKILL, type McpServer, type SeatSkill } from './skills.js'

export const MESH_EXTENSION_URI = 'urn:aios-comm:a2a:mesh:v1'
export const LIBP2P_BINDING_URI = 'urn:aios-comm:a2a:binding:libp2p:v1'
export const A2A_PROTOCOL_VERSION = '1.0'
export const CARD_VERSION = '1.0.0'

/** What a card says about where an actor is now ("Current") and who vouches for it. */
export interface CardFacts {
  handle: string
  peerId: string
  multiaddrs: string[]
  seq: number
  carrier: string
  model?: string
  pane?: string
  updatedAtMs: number
  /** The mesh endorsement: SignedEnvelope bytes. */
  endorsement: Uint8Array
  description?: string
  /** Extra interfaces (for example the local A2A HTTP bridge); protocolVersion defaults to A2A_PROTOCOL_VERSION. */
  interfaces?: Array<{ url: string, protocolBinding: string, protocolVersion?: string }>
  /** Those interfaces stream (SSE): the card's capabilities say so. */
  streaming?: boolean
  /** How those interfaces authenticate callers (the bridge's token); absent: they need nothing. */
  security?: CardSecurity
  /** The node serves as a relay and mailbox for the mesh's members. */
  relay?: boolean
  /** Peer ids of the nodes that hold this actor's mail while its node is unreachable. */
  mailboxes?: string[]
  /** The roles the seat holds (see role.ts): signed sorted and once each, left out when there are none. */
  roles?: string[]
  /** The seat's own skills (A2A AgentSkill), stated after the built-in notify skill; left out when there are none. */
  skills?: SeatSkill[]
  /** The MCP servers and tools the seat has, in the mesh extension; left out when there are none. */
  mcp?: McpServer[]
}

/** A2A 1.0 `securitySchemes` and `securityRequirements`; no empty values in them (see verifyCardJson). */
export interface CardSecurity {
  securitySchemes: Record<string, Record<string, unknown>>
  securityRequirements: Array<{ schemes: Record<string, { list: string[] }> }>
}

export type AgentCard = Record<string, unknown> & { name: string, signatures?: CardSignature[] }

export interface CardSignature {
  protected: string
  signature: string
}

/** Drops empty strings, empty arrays and undefined: A2A verifiers canonicalize them away, so they must never be signed. */
function present<T extends Record<string, unknown>> (obj: T): T {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) continue
    out[k] = v
  }
  return out as T
}

export function buildCard (actorKey: Uint8Array, f: CardFacts): AgentCard {
  const params = present({
    actorKey: keyText(actorKey),
    peerId: f.peerId,
    multiaddrs: f.multiaddrs,
    seq: f.seq,
    carrier: f.carrier,
    model: f.model,
    pane: f.pane,
    updatedAt: new Date(f.updatedAtMs).toISOString(),
    endorsement: b64url(f.endorsement),
    relay: f.relay === true ? true : undefined,
    mailboxes: f.mailboxes,
    roles: f.roles === undefined ? undefined : normalizeRoles(f.roles),
    mcp: f.mcp
  })
  const url = f.multiaddrs[0] ?? `/p2p/${f.peerId}`
  return {
    name: f.handle,
    description: f.description ?? `aios-comm seat ${f.handle} (${f.carrier})`,
    supportedInterfaces: [
      { url: `${url.includes('/p2p/') ? url : `${url}/p2p/${f.peerId}`}`, protocolBinding: LIBP2P_BINDING_URI, protocolVersion: A2A_PROTOCOL_VERSION },
      ...(f.interfaces ?? []).map(i => ({ url: i.url, protocolBinding: i.protocolBinding, protocolVersion: i.protocolVersion ?? A2A_PROTOCOL_VERSION }))
    ],
    version: CARD_VERSION,
    capabilities: {
      ...(f.streaming === true ? { streaming: true } : {}),
      extensions: [{ uri: MESH_EXTENSION_URI, description: 'aios-comm mesh: where this actor is hosted now, and its mesh endorsement', params }]
    },
    ...(f.security === undefined ? {} : { securitySchemes: f.security.securitySchemes, securityRequirements: f.security.securityRequirements }),
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ ...NOTIFY_SKILL, tags: [...NOTIFY_SKILL.tags] }, ...(f.skills ?? [])]
  }
}

/** The JWS signing input of A2A §8.4: b64url(protected) "." b64url(JCS(card without signatures)). */
export function cardSigningInput (card: AgentCard, protectedB64: string): Uint8Array {
  const { signatures: _omit, ...body } = card
  return utf8(`${protectedB64}.${b64url(utf8(jcs(body)))}`)
}

export function signCard (card: AgentCard, actor: KeyPair): AgentCard {
  const header = { alg: 'EdDSA', kid: keyId(actor.publicKey), typ: 'JOSE' }
  const protectedB64 = b64url(utf8(JSON.stringify(header)))
  const signature = b64url(nobleSign(cardSigningInput(card, protectedB64), actor.seed))
  const { signatures: _omit, ...body } = card
  return { ...body, signatures: [{ protected: protectedB64, signature }] }
}

/** The card as stored and sent: its JSON text, which is what every verifier checks. */
export function cardJson (card: AgentCard): string {
  return JSON.stringify(card, null, 2)
}
