// Issuing receipts: the recipient actor signs a fact about one exact message (bound by the message's hash).
import { sha256, signEnvelope, type KeyPair } from '../../cards/index.js'
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
