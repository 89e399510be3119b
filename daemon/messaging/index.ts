// messaging: notify, delivery acceptance, receipts in, the recipient's steps and the read-only views.
export { notify, type NotifyInput, type NotifyResult } from './notify.js'
export { acceptMessages, TRANSIENT_CODES } from './accept.js'
export { acceptReceipts, applyReceipt } from './receipts-in.js'
export { read, consume, ack, reject, type StepResult, type ReadResult } from './recipient.js'
export { cancel } from './cancel.js'
export { status, inbox, outbox, type ObligationView, type ReceiptView, type InboxItem, type OutboxItem } from './query.js'
export { obligationId, parseObligation } from './ids.js'
export * from '../limits/index.js'
export { waitFor } from './wait.js'
export { retry } from './retry.js'
// MCP resources: one message shown without a receipt
export { showMessage, type MessageView } from './message-view.js'
