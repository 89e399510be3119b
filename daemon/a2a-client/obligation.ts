// An obligation to an outside agent: a message the seat signs like any other, addressed to `a2a:<card name>`,
// and kept with its header in the A2A client's own rows.
import { randomBytes } from 'node:crypto'
import { sha256, signEnvelope } from '../../cards/index.js'
import { PAYLOAD_TYPES, envelopeToWire, messageToWire, type MessageData } from '../../proto/index.js'
import type { Core } from '../core.js'
import { NONCE_BYTES, headerPayload, messageIdFor } from '../receipts/index.js'
import type { A2AObligationRow } from '../store/index.js'
import { MAX_RECIPIENT_NAME, RECIPIENT_PREFIX } from './constants.js'

/** `a2a:` and the card's name made safe to show and short enough for a receipt's actor field. */
export function recipientFor (cardName: string): string {
  const name = cardName.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, MAX_RECIPIENT_NAME)
  return `${RECIPIENT_PREFIX}${name === '' ? 'agent' : name}`
}

export interface ObligationInput {
  from: string
  text: string
  url: string
  cardName: string
  keyThumbprint?: string
}

/** Signs the message and its header as the seat; the row is not stored yet. */
export function signObligation (core: Core, input: ObligationInput): A2AObligationRow {
  const seat = core.seatKey(input.from)
  const now = Date.now()
  const nonce = new Uint8Array(randomBytes(NONCE_BYTES))
  const msg: MessageData = {
    id: messageIdFor(seat.publicKey, nonce),
    from: input.from,
    to: recipientFor(input.cardName),
    sentAtMs: now,
    contentType: 'text/plain',
    body: new TextEncoder().encode(input.text),
    require: 'COMPLETE',
    fromKey: seat.publicKey
  }
  const payload = messageToWire(msg)
  const envelope = envelopeToWire(signEnvelope(seat, PAYLOAD_TYPES.message, payload))
  const header = envelopeToWire(signEnvelope(seat, PAYLOAD_TYPES.header, headerPayload(msg, payload, nonce)))
  return {
    messageId: msg.id,
    hash: sha256(envelope),
    envelope,
    header,
    from: input.from,
    recipient: msg.to,
    url: input.url,
    cardName: input.cardName,
    keyThumbprint: input.keyThumbprint,
    state: 'DELIVERY_PENDING',
    sentAtMs: now,
    updatedAtMs: now
  }
}
