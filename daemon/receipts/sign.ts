// Issuing receipts: the recipient actor signs a fact about one exact message (bound by the message's hash).
import { sha256, signBatch, signEnvelope, type KeyPair } from '../../cards/index.js'
import { PAYLOAD_TYPES, envelopeToWire, receiptToWire, type ReceiptData } from '../../proto/index.js'

export interface SignedReceipt {
  data: ReceiptData
  envelope: Uint8Array
  hash: Uint8Array
}

export function signReceipt (actor: KeyPair, data: ReceiptData): SignedReceipt {
  const envelope = envelopeToWire(signEnvelope(actor, PAYLOAD_TYPES.receipt, receiptToWire(data)))
  return { data, envelope, hash: sha256(envelope) }
}

/** Signs many receipts by one actor with one batch proof; each stays verifiable alone (DESIGN §5). */
export function signReceipts (actor: KeyPair, data: ReceiptData[]): SignedReceipt[] {
  if (data.length === 1) return [signReceipt(actor, data[0])]
  const envs = signBatch(actor, data.map(d => ({ payloadType: PAYLOAD_TYPES.receipt, payload: receiptToWire(d) })))
  return envs.map((env, i) => {
    const envelope = envelopeToWire(env)
    return { data: data[i], envelope, hash: sha256(envelope) }
  })
}
