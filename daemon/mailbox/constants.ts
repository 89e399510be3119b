// The mailbox protocol's id and what a mailbox node gives its members at most.
export const MAILBOX_PROTOCOL = '/aios-comm/mailbox/1'
// A mailbox's disk is its operator's gift to the mesh: bounded in all, and per peer so that one member's flood
// (or one compromised node) cannot take the room of every other. A day of a busy seat's mail fits in a peer's share.
export const MAX_HELD_ITEMS = 200_000
export const MAX_HELD_BYTES = 1 << 30 // 1 GiB
export const MAX_HELD_ITEMS_PER_PEER = 20_000
export const MAX_HELD_BYTES_PER_PEER = 128 << 20 // 128 MiB

export interface MailboxQuota { items: number, bytes: number, itemsPerPeer: number, bytesPerPeer: number }

/** The quotas, with a peer's item share set by AIOS_COMM_MAILBOX_PEER_ITEMS (an operator's smaller gift; tests). */
export function mailboxQuotaFromEnv (env: NodeJS.ProcessEnv = process.env): MailboxQuota {
  const n = Number(env.AIOS_COMM_MAILBOX_PEER_ITEMS)
  const itemsPerPeer = Number.isSafeInteger(n) && n > 0 ? Math.min(n, MAX_HELD_ITEMS) : MAX_HELD_ITEMS_PER_PEER
  return { items: MAX_HELD_ITEMS, bytes: MAX_HELD_BYTES, itemsPerPeer, bytesPerPeer: MAX_HELD_BYTES_PER_PEER }
}
// Held items are tried again this often besides when their destination's node connects (a connect can be missed:
// the destination may reach the mesh through another node first).
export const FORWARD_RETRY_MS = 30_000
export const FORWARD_BATCH = 128 // items per forwarding batch
// A mailbox speeds delivery up; the sender's outbox stays the record of what is owed and retries directly for as
// long as it takes. So a mailbox may let go of what a node has not fetched in a month, and keep its disk for mail
// that still has a reader.
export const MAX_HOLD_MS = 30 * 24 * 3600_000
