// The plain TypeScript shapes of the wire format; generated protobuf classes never leave proto/.

export type ReceiptState = 'DELIVERED' | 'READ' | 'CONSUMED' | 'COMPLETE' | 'REJECTED' | 'CANCELED' | 'AUDITED'

/** An auditor's verdict on one COMPLETE. */
export type AuditVerdict = 'PASS' | 'FAIL'

export interface BatchProof {
  root: Uint8Array
  index: number
  count: number
  path: Uint8Array[]
  signature: Uint8Array
}

export interface Envelope {
  payloadType: string
  payload: Uint8Array
  signer: Uint8Array
  signature?: Uint8Array
  batch?: BatchProof
}

export interface Attachment {
  name: string
  contentType: string
  sha256: Uint8Array
  size: number
  inline?: Uint8Array
}

export interface MessageData {
  id: Uint8Array
  from: string
  to: string
  sentAtMs: number
  thread?: string
  replyTo?: Uint8Array
  contentType: string
  body: Uint8Array
  require: ReceiptState
  expiresAtMs?: number
  attachments?: Attachment[]
  fromKey: Uint8Array
  /** The seat that must judge the COMPLETE (require AUDITED). */
  auditor?: string
  /** The sender's W3C traceparent when it exports traces; absent otherwise (the bytes are then as before). */
  traceparent?: string
}

export interface EvidenceData {
  path: string
  sha256: Uint8Array
  size: number
}

/** An evidence file's content beside its COMPLETE receipt, for the message's sender only. */
export interface EvidenceContentData {
  receiptHash: Uint8Array
  content: Uint8Array
}

export interface ReceiptData {
  messageId: Uint8Array
  messageHash: Uint8Array
  actor: string
  state: ReceiptState
  atMs: number
  note?: string
  evidence?: EvidenceData
  code?: string
  from?: string
  /** The message's sender-signed header envelope. */
  header?: Uint8Array
  /** On a role obligation, a step after DELIVERED: the fence of the lease its signer holds, and that signed lease. */
  fence?: number
  lease?: Uint8Array
  /** On an audited obligation: the COMPLETE round this receipt belongs to (absent: 1). */
  round?: number
  /** On AUDITED: the verdict and sha256 of the COMPLETE receipt envelope it judged. */
  verdict?: AuditVerdict
  audited?: Uint8Array
}

export interface MessageHeaderData {
  messageId: Uint8Array
  from: string
  to: string
  payloadSha256: Uint8Array
  sentAtMs: number
  fromKey: Uint8Array
  nonce: Uint8Array
  auditor?: string
}

export interface EndorsementData {
  meshKey: Uint8Array
  handle: string
  actorKey: Uint8Array
  issuedAtMs: number
  expiresAtMs: number
}

export interface RevocationData {
  meshKey: Uint8Array
  actorKey: Uint8Array
  handle?: string
  atMs: number
  reason?: string
}

export interface AdmissionRequestData {
  meshKey: Uint8Array
  handle: string
  actorKey: Uint8Array
  createdAtMs: number
}

export interface HandoffData {
  message: Uint8Array
  receipts: Uint8Array[]
  header?: Uint8Array
}

export interface DeliverRequestData {
  batchId: number
  messages: Uint8Array[]
  receipts: Uint8Array[]
  cards: Uint8Array[]
  handoffs?: HandoffData[]
  /** The sender-signed header of each message, in the order of messages. */
  headers?: Uint8Array[]
  evidence?: EvidenceContentData[]
  /** COMPLETEs for the messages' auditors to judge, each with its message and receipts. */
  audits?: HandoffData[]
}

export interface DeliverResultData {
  messageId: Uint8Array
  receipt?: Uint8Array
  errorCode?: string
  errorMessage?: string
}

export interface ReceiptResultData {
  receiptHash: Uint8Array
  errorCode?: string
  errorMessage?: string
}

export interface DeliverResponseData {
  batchId: number
  results: DeliverResultData[]
  receiptResults: ReceiptResultData[]
  error?: StreamErrorData
  handoffResults?: DeliverResultData[]
  auditResults?: DeliverResultData[]
}

export interface FactData {
  seq: number
  kind: string
  envelope: Uint8Array
}

export interface FactBatchData {
  facts: FactData[]
}

export interface SyncRequestData {
  since: number
  limit: number
  tail: boolean
  /** Pages the server may send ahead of the client's acks; 0 or absent: no acks. */
  window?: number
}

export interface SyncAckData {
  pages: number
}

export interface SyncPageData {
  facts: FactData[]
  head: number
  done: boolean
  /** The window the server keeps to (it reads acks); 0 or absent: it reads none. */
  window?: number
}

export interface StreamErrorData {
  code: string
  message: string
}

export interface JoinRequestData {
  secret: Uint8Array
  requests: Uint8Array[]
  cards: Uint8Array[]
}

export interface JoinResponseData {
  endorsements: Uint8Array[]
  cards: Uint8Array[]
  bootstrap: string[]
  errorCode?: string
  errorMessage?: string
}

export type LeaseKind = 'GRANTED' | 'RELEASED'
export type LeaseOp = 'CLAIM' | 'RENEW' | 'RELEASE'

export interface LeaseData {
  messageId: Uint8Array
  messageHash: Uint8Array
  role: string
  holder: string
  holderKey: Uint8Array
  fence: number
  kind: LeaseKind
  atMs: number
  expiresAtMs: number
  header: Uint8Array
}

export interface LeaseRequestData {
  op: LeaseOp
  messageId: Uint8Array
  seat: string
  durationMs: number
  fence: number
  atMs: number
}

export interface LeaseAnswerData {
  lease?: Uint8Array
  errorCode?: string
  errorMessage?: string
}

/** /aios-comm/cards/1: the seats asked about (those stating a skill id; empty: every seat hosted there). */
export interface CardsRequestData {
  skill: string
}

/** The signed cards (A2A JSON, UTF-8) of seats the answering node hosts. */
export interface CardsAnswerData {
  cards: Uint8Array[]
}
