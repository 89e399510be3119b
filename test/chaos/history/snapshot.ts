// Reads what a node's SQLite file really holds, read-only, as an auditor would: every message with its body
// text (the op tag), DELIVERED receipts and wake entries per message.
import { envelopeFromWire, messageFromWire } from '../../../proto/index.js'
import { query } from '../../helpers/mesh.js'
import { openReceipt } from '../../../daemon/receipts/index.js'
import type { NodeSnapshot, StoredMessage } from './events.js'
import type { HeldReceipt, ReceiptSnapshot } from './receipts.js'

interface Row { id: Buffer, hash: Buffer, envelope: Buffer, from_handle: string, to_handle: string, local_from: number, local_to: number, state: string }

export function snapshotNode (node: string, home: string): NodeSnapshot {
  const messages: StoredMessage[] = query<Row>(home, 'SELECT id, hash, envelope, from_handle, to_handle, local_from, local_to, state FROM messages').map(r => ({
    obligation: `ob_${r.id.toString('hex')}`,
    hash: r.hash.toString('hex'),
    tag: bodyText(r.envelope),
    from: r.from_handle,
    to: r.to_handle,
    localFrom: r.local_from === 1,
    localTo: r.local_to === 1,
    state: r.state
  }))
  const delivered = counts(query<{ id: Buffer, n: number }>(home, "SELECT message_id AS id, count(*) AS n FROM receipts WHERE state = 'DELIVERED' GROUP BY message_id"))
  const wakes = counts(query<{ id: Buffer, n: number }>(home, 'SELECT message_id AS id, count(*) AS n FROM wake_queue GROUP BY message_id'))
  return { node, messages, delivered, wakes }
}

/** Every receipt a node holds (its own, its peers', and those learned as facts) and every revoked key. */
export function snapshotReceipts (node: string, home: string): ReceiptSnapshot {
  const receipts: HeldReceipt[] = query<{ id: Buffer, state: string, actor: string, envelope: Buffer }>(home, 'SELECT message_id AS id, state, actor, envelope FROM receipts').map(r => {
    const o = openReceipt(new Uint8Array(r.envelope))
    const sha = o.ok ? o.receipt.evidence?.sha256 : undefined
    return { obligation: `ob_${r.id.toString('hex')}`, state: r.state, actor: r.actor, ...(sha === undefined ? {} : { evidence: Buffer.from(sha).toString('hex') }) }
  })
  const revocations = query<{ key: string }>(home, 'SELECT actor_key AS key FROM revocations').map(r => r.key)
  return { node, receipts, revocations }
}

function counts (rows: Array<{ id: Buffer, n: number }>): Record<string, number> {
  return Object.fromEntries(rows.map(r => [`ob_${r.id.toString('hex')}`, r.n]))
}

function bodyText (envelope: Buffer): string {
  try {
    return Buffer.from(messageFromWire(envelopeFromWire(envelope).payload).body).toString('utf8')
  } catch {
    return '<undecodable>'
  }
}
