// Field-level edits of signed messages and receipts: decode, change or swap a field, then keep the old proof,
// re-sign with a key the mesh never endorsed, or re-sign with an endorsed key that is not the one the object names.
import fc from 'fast-check'
import { signEnvelope, type KeyPair } from '../../../cards/index.js'
import {
  PAYLOAD_TYPES, envelopeFromWire, envelopeToWire, headerFromWire, headerToWire, messageFromWire, messageToWire, receiptFromWire,
  receiptToWire, type MessageData, type MessageHeaderData, type ReceiptData
} from '../../../proto/index.js'
import { mutated } from './mutate.js'

export interface Signers {
  rogue: KeyPair
  /** Endorsed keys, used only to sign in another actor's name. */
  others: KeyPair[]
}

const text = fc.constantFrom('agent-a', 'agent-b', 'agent-c', 'agent-z', '', 'AGENT-A', 'a'.repeat(64))
const bytes16 = fc.uint8Array({ minLength: 0, maxLength: 33 })

function editMessage (m: MessageData, field: number, s: string, b: Uint8Array, n: number): MessageData {
  switch (field) {
    case 0: return { ...m, from: s }
    case 1: return { ...m, to: s }
    case 2: return { ...m, id: b }
    case 3: return { ...m, body: b }
    case 4: return { ...m, from: m.to, to: m.from } // swapped
    case 5: return { ...m, expiresAtMs: n % 2 === 0 ? 1 : Date.now() + n }
    case 6: return { ...m, require: (['DELIVERED', 'READ', 'REJECTED'] as const)[n % 3] }
    default: return { ...m, fromKey: b }
  }
}

function editReceipt (r: ReceiptData, field: number, s: string, b: Uint8Array, n: number): ReceiptData {
  switch (field) {
    case 0: return { ...r, actor: s }
    case 1: return { ...r, messageId: b }
    case 2: return { ...r, messageHash: b }
    case 3: return { ...r, state: (['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE', 'REJECTED'] as const)[n % 5] }
    case 4: return { ...r, evidence: r.evidence === undefined ? { path: s, sha256: b, size: n } : undefined }
    case 5: return { ...r, evidence: { path: n % 2 === 0 ? '' : '/tmp/e', sha256: b, size: n % 100 } }
    default: return { ...r, atMs: n }
  }
}

function editHeader (h: MessageHeaderData, field: number, s: string, b: Uint8Array, n: number): MessageHeaderData {
  switch (field) {
    case 0: return { ...h, from: s }
    case 1: return { ...h, to: s }
    case 2: return { ...h, messageId: b }
    case 3: return { ...h, payloadSha256: b }
    case 4: return { ...h, nonce: b }
    case 5: return { ...h, sentAtMs: n }
    default: return { ...h, fromKey: b }
  }
}

type Kind = 'message' | 'receipt' | 'header'

function editPayload (kind: Kind, payload: Uint8Array, field: number, s: string, b: Uint8Array, n: number): Uint8Array {
  if (kind === 'message') return messageToWire(editMessage(messageFromWire(payload), field, s, b, n))
  if (kind === 'header') return headerToWire(editHeader(headerFromWire(payload), field, s, b, n))
  return receiptToWire(editReceipt(receiptFromWire(payload), field, s, b, n))
}

/** An edited object: `names` is what the bytes claim; the proof is the old one, a rogue's, or another actor's. */
export function edited (samples: Uint8Array[], kind: Kind, keys: Signers): fc.Arbitrary<Uint8Array> {
  const editable = samples.filter(x => decodes(x, kind)) // a receipt carrying content (refused everywhere) has no fields to edit
  return fc.tuple(fc.nat({ max: editable.length - 1 }), fc.nat({ max: 7 }), text, bytes16, fc.nat(), fc.nat({ max: 2 + keys.others.length }))
    .map(([i, field, s, b, n, signer]) => {
      const env = envelopeFromWire(editable[i])
      const payload = editPayload(kind, env.payload, field, s, b, n)
      const type = PAYLOAD_TYPES[kind]
      if (signer === 0) return envelopeToWire({ ...env, payload }) // the old proof over new bytes
      const key = signer === 1 ? keys.rogue : keys.others[(signer - 2) % keys.others.length]
      if (kind === 'message' && signer > 1) {
        // an endorsed key signing a message that names another sender (and its key)
        const m = messageFromWire(payload)
        return envelopeToWire(signEnvelope(key, type, messageToWire({ ...m, from: 'agent-b', fromKey: key.publicKey })))
      }
      return envelopeToWire(signEnvelope(key, type, payload))
    })
}

function decodes (bytes: Uint8Array, kind: Kind): boolean {
  try {
    const payload = envelopeFromWire(bytes).payload
    if (kind === 'message') messageFromWire(payload)
    else if (kind === 'header') headerFromWire(payload)
    else receiptFromWire(payload)
    return true
  } catch {
    return false
  }
}

/** A signed object as a peer might send it: genuine, byte-mutated, or field-edited. */
export function signedItem (samples: Uint8Array[], kind: Kind, keys: Signers): fc.Arbitrary<Uint8Array> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...samples) },
    { weight: 2, arbitrary: mutated(samples) },
    { weight: 2, arbitrary: edited(samples, kind, keys) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) }
  )
}
