// Histories of chaos runs: record, snapshot the stores, classify.
export type { HistoryEvent, NodeSnapshot, StoredMessage, Verdict, Classified, CheckResult } from './events.js'
export { History } from './recorder.js'
export { checkHistory } from './check.js'
export { snapshotNode, snapshotReceipts } from './snapshot.js'
export { checkReceipts, type HeldReceipt, type ReceiptSnapshot, type ReceiptMismatch } from './receipts.js'
