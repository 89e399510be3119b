// Histories of chaos runs: record, snapshot the stores, classify.
export type { HistoryEvent, NodeSnapshot, StoredMessage, Verdict, Classified, CheckResult } from './events.js'
export { History } from './recorder.js'
export { checkHistory } from './check.js'
export { snapshotNode } from './snapshot.js'
