// messaging: notify, delivery acceptance, receipts in, the recipient's steps and the read-only views.
export { notify, type NotifyInput, type NotifyResult } from './notify.js'
export { acceptMessages, TRANSIENT_CODES } from './accept.js'
export { acceptReceipts, applyReceipt } from './receipts-in.js'
export { acceptAudits } from './audit-in.js'
export { audit, reopenOnVerdict, type AuditResult } from './audit.js'
export { read, consume, ack, reject, type StepResult, type ReadResult } from './recipient.js'
export { cancel } from './cancel.js'
export { status, inbox, outbox, type ObligationView, type ReceiptView, type InboxItem, type OutboxItem } from './query.js'
export { obligationId, parseObligation } from './ids.js'
export * from '../limits/index.js'
export { waitFor, reachState, checkWaitTarget, endWaits, type WaitOutcome } from './wait.js'
export { retry } from './retry.js'
// MCP resources: one message shown without a receipt
export { showMessage, type MessageView } from './message-view.js'
export { conversation, sent, type ThreadItem, type ThreadResult, type SentItem } from './conversation.js'
export { reply, type ReplyInput } from './reply.js'
// roles: work addressed to a role, taken by one seat at a time under a lease
export { heldLease, localRoleSeats, roleReceiptRefusal, roleSeat, storeLease, type StoredLease } from './roles.js'
