// Verifying an Agent Card from its JSON text: A2A shape, no default-valued fields, mesh extension, JWS signature.
import { fromB64url, utf8 } from './encoding.js'
import { fastVerify } from './ed25519.js'
import { refuse, type Refusal } from './errors.js'
import { isValidHandle } from './handle.js'
import { isValidRole, MAX_ROLES_PER_SEAT } from './role.js'
import { keyId, parseKeyText } from './keys.js'
import { capabilitiesOf, type McpServer, type SeatSkill } from './skills.js'
import { cardSigningInput, MESH_EXTENSION_URI, type AgentCard } from './card.js'

// The A2A 1.0 AgentCard fields; anything else would be dropped by A2A verifiers and so must not be signed.
const A2A_FIELDS = new Set(['name', 'description', 'supportedInterfaces', 'provider', 'version', 'documentationUrl',
  'capabilities', 'securitySchemes', 'securityRequirements', 'defaultInputModes', 'defaultOutputModes', 'skills',
  'signatures', 'iconUrl'])
const REQUIRED = ['name', 'description', 'supportedInterfaces', 'version', 'capabilities', 'defaultInputModes', 'defaultOutputModes', 'skills']
export const MAX_CARD_BYTES = 64 * 1024 // a card is a few KiB; anything larger is an attack or a mistake
export const MAX_MAILBOXES = 8 // a card names a few mailboxes; more is a mistake
export const MAX_CARD_DEPTH = 16 // our cards nest 5 deep; JSON nested thousands deep would exhaust the stack of any walker

export interface VerifiedCard {
  handle: string
  actorKey: Uint8Array
  seq: number
  peerId: string
  multiaddrs: string[]
  carrier: string
  model?: string
  pane?: string
  updatedAtMs: number
  endorsement: Uint8Array
  /** The node serves as a relay and mailbox for the mesh's members. */
  relay?: boolean
  /** Peer ids of the nodes that hold this actor's mail while its node is unreachable. */
  mailboxes?: string[]
  /** The roles the seat holds, as signed (sorted, once each); absent when it holds none. */
  roles?: string[]
  /** The seat's own skills, after the built-in notify skill; absent when it states none. */
  skills?: SeatSkill[]
  /** The MCP servers and tools the seat states; absent when it states none. */
  mcp?: McpServer[]
  card: AgentCard
  /** The exact JSON text that was verified. */
  json: string
}

export type CardCheck = { ok: true, card: VerifiedCard } | Refusal

/** Is any array or object nested deeper than `max`? Iterative, so the depth of the input cannot overflow the stack. */
function nestedDeeperThan (root: unknown, max: number): boolean {
  const stack: Array<{ v: unknown, depth: number }> = [{ v: root, depth: 0 }]
  while (stack.length > 0) {
    const { v, depth } = stack.pop() as { v: unknown, depth: number }
    if (v === null || typeof v !== 'object') continue
    if (depth >= max) return true
    for (const x of Object.values(v)) stack.push({ v: x, depth: depth + 1 })
  }
  return false
}

/** Finds the first empty string, empty array, empty object, false or null: fields A2A verifiers drop. */
function firstDefaultValued (v: unknown, path: string): string | undefined {
  if (v === '' || v === false || v === null) return path
  if (Array.isArray(v)) {
    if (v.length === 0) return path
    for (let i = 0; i < v.length; i++) {
      const p = firstDefaultValued(v[i], `${path}[${i}]`)
      if (p !== undefined) return p
    }
  } else if (typeof v === 'object') {
    const entries = Object.entries(v as object)
    if (entries.length === 0) return path
    for (const [k, x] of entries) {
      const p = firstDefaultValued(x, `${path}.${k}`)
      if (p !== undefined) return p
    }
  }
  return undefined
}

export function verifyCardJson (json: string): CardCheck {
  if (typeof json !== 'string' || json.length > MAX_CARD_BYTES || utf8(json).byteLength > MAX_CARD_BYTES) return refuse('CARD_MALFORMED', `a card is JSON text of at most ${MAX_CARD_BYTES} bytes`)
  let card: AgentCard
  try {
    card = JSON.parse(json)
  } catch {
    return refuse('CARD_MALFORMED', 'the card is not valid JSON')
  }
  if (card === null || typeof card !== 'object' || Array.isArray(card)) return refuse('CARD_MALFORMED', 'the card is not a JSON object')
  if (nestedDeeperThan(card, MAX_CARD_DEPTH)) return refuse('CARD_MALFORMED', `the card nests deeper than ${MAX_CARD_DEPTH} levels`)
  const extra = Object.keys(card).find(k => !A2A_FIELDS.has(k))
  if (extra !== undefined) return refuse('CARD_MALFORMED', `the card has a field outside the A2A 1.0 schema: ${extra}`)
  const missing = REQUIRED.find(k => !(k in card))
  if (missing !== undefined) return refuse('CARD_MALFORMED', `the card lacks the A2A field ${missing}`)
  const empty = firstDefaultValued(card, 'card')
  if (empty !== undefined) return refuse('CARD_NOT_CANONICAL', `${empty} is empty, false or null; A2A verifiers would drop it`)
  if (!isValidHandle(card.name)) return refuse('CARD_MALFORMED', 'the card name is not a valid handle')

  const facts = meshFacts(card)
  if (!facts.ok) return facts
  const sig = checkSignature(card, facts.card.actorKey)
  if (!sig.ok) return sig
  return { ok: true, card: { ...facts.card, card, json } }
}

function meshFacts (card: AgentCard): { ok: true, card: Omit<VerifiedCard, 'card' | 'json'> } | Refusal {
  const caps = card.capabilities as { extensions?: Array<{ uri?: unknown, params?: Record<string, unknown> }> }
  const ext = Array.isArray(caps?.extensions) ? caps.extensions.find(e => e?.uri === MESH_EXTENSION_URI) : undefined
  const p = ext?.params
  if (p === undefined || typeof p !== 'object') return refuse('CARD_MALFORMED', 'the card has no aios-comm mesh extension')
  const actorKey = parseKeyText(p.actorKey as string)
  if (actorKey === undefined) return refuse('CARD_MALFORMED', 'the mesh extension has no valid actorKey')
  const endorsement = fromB64url(p.endorsement as string)
  if (endorsement === undefined) return refuse('CARD_NOT_ENDORSED', 'the card carries no endorsement')
  const updatedAtMs = Date.parse(p.updatedAt as string)
  const multiaddrs = p.multiaddrs ?? []
  if (!Number.isSafeInteger(p.seq) || (p.seq as number) < 1 || typeof p.peerId !== 'string' || typeof p.carrier !== 'string' ||
    Number.isNaN(updatedAtMs) || !Array.isArray(multiaddrs) || multiaddrs.some(a => typeof a !== 'string') ||
    (p.model !== undefined && typeof p.model !== 'string') || (p.pane !== undefined && typeof p.pane !== 'string') ||
    (p.relay !== undefined && p.relay !== true) || (p.mailboxes !== undefined && (!Array.isArray(p.mailboxes) ||
      p.mailboxes.length > MAX_MAILBOXES || p.mailboxes.some(m => typeof m !== 'string' || m.length > 128)))) {
    return refuse('CARD_MALFORMED', 'the mesh extension params have a missing or mistyped field')
  }
  const roles = rolesOf(p.roles)
  if (roles === false) return refuse('CARD_MALFORMED', `the mesh extension roles are not 1 to ${MAX_ROLES_PER_SEAT} sorted distinct role names`)
  const stated = capabilitiesOf(card.skills, p.mcp)
  if (!stated.ok) return stated
  return {
    ok: true,
    card: {
      handle: card.name,
      actorKey,
      seq: p.seq as number,
      peerId: p.peerId,
      multiaddrs: multiaddrs as string[],
      carrier: p.carrier,
      model: p.model as string | undefined,
      pane: p.pane as string | undefined,
      updatedAtMs,
      endorsement,
      ...(p.relay === true ? { relay: true } : {}),
      ...(p.mailboxes !== undefined ? { mailboxes: p.mailboxes as string[] } : {}),
      ...(roles !== undefined ? { roles } : {}),
      ...(stated.skills.length > 0 ? { skills: stated.skills } : {}),
      ...(stated.mcp.length > 0 ? { mcp: stated.mcp } : {})
    }
  }
}

/**
 * The roles a card lists: undefined when it lists none, false when the list is not what buildCard signs (role names,
 * at most MAX_ROLES_PER_SEAT, sorted, each once): one set of roles has one signed form.
 */
function rolesOf (v: unknown): string[] | undefined | false {
  if (v === undefined) return undefined
  if (!Array.isArray(v) || v.length > MAX_ROLES_PER_SEAT) return false
  for (let i = 0; i < v.length; i++) {
    if (typeof v[i] !== 'string' || !isValidRole(v[i]) || (i > 0 && v[i - 1] >= v[i])) return false
  }
  return v as string[]
}

/**
 * A mesh card carries one signature, its actor key's, as buildCard makes it. The list is outside what is signed, so
 * anyone who passes a card on could lengthen it: a card padded with entries that all name the key would cost one
 * canonical form and one verify each, at every node that takes it and at every reload of its directory; one with an
 * extra field in its entry would be stored and passed on as it came. Either is refused before anything is verified.
 */
function checkSignature (card: AgentCard, actorKey: Uint8Array): { ok: true } | Refusal {
  const sigs = card.signatures
  if (!Array.isArray(sigs) || sigs.length === 0) return refuse('CARD_BAD_SIGNATURE', 'the card is not signed')
  const s: unknown = sigs[0]
  if (sigs.length > 1 || s === null || typeof s !== 'object' || Object.keys(s).some(k => k !== 'protected' && k !== 'signature')) {
    return refuse('CARD_MALFORMED', 'a card carries one signature, { protected, signature }, by its actor key')
  }
  const kid = keyId(actorKey)
  const entry = s as Partial<Record<'protected' | 'signature', unknown>>
  if (typeof entry.protected === 'string' && typeof entry.signature === 'string') {
    const headerBytes = fromB64url(entry.protected)
    const signature = fromB64url(entry.signature)
    let header: Record<string, unknown> | undefined
    try {
      header = headerBytes === undefined ? undefined : JSON.parse(Buffer.from(headerBytes).toString('utf8'))
    } catch {
      header = undefined
    }
    if (signature !== undefined && header?.alg === 'EdDSA' && header.typ === 'JOSE' && header.kid === kid &&
      fastVerify(signature, cardSigningInput(card, entry.protected), actorKey)) return { ok: true }
  }
  return refuse('CARD_BAD_SIGNATURE', `no signature on the card verifies with its actor key (kid ${kid}, alg EdDSA, typ JOSE)`)
}
