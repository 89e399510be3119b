// Obligation ids: ob_ followed by the message id's 32 hex digits.
import { MeshError, fromHex, hex } from '../../cards/index.js'

export { MESSAGE_ID_BYTES } from '../receipts/header.js'

export function obligationId (id: Uint8Array): string {
  return `ob_${hex(id)}`
}

export function parseObligation (text: unknown): Uint8Array {
  const m = typeof text === 'string' ? /^(?:ob_)?([0-9a-f]{32})$/.exec(text) : null
  const id = m === null ? undefined : fromHex(m[1])
  if (id === undefined) throw new MeshError('OBLIGATION_INVALID', `${JSON.stringify(text)} is not an obligation id (ob_ and 32 hex digits)`)
  return id
}
