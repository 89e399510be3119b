// store: the node's SQLite file. Nothing outside daemon/store/ writes SQL.
import { openDb, type Db } from './db.js'
import { IdentityStore } from './identity.js'
import { MessageStore } from './messages.js'
import { ReceiptStore } from './receipts.js'
import { OutboxStore } from './outbox.js'
import { FactStore } from './facts.js'
import { InviteStore } from './invites.js'
import { CarrierStore } from './carriers.js'
import { Statements } from './statements.js'
import { GroupCommit } from './group-commit.js'
import { StatsStore } from './stats.js'
import { EvidenceStore } from './evidence.js'
import { SeatTokenStore } from './seat-tokens.js'
import { IdempotencyStore } from './idempotency.js'
import { MailboxStore } from './mailbox.js'

export type { ActorRow, CardRow, RevocationRow, RenewalRow } from './identity.js'
export type { SeatTokenStore } from './seat-tokens.js'
export type { MessageStore, MessageRow } from './messages.js'
export type { ReceiptStore, ReceiptRow } from './receipts.js'
export type { OutboxStore, OutboxRow, OutboxKind, OutboxStatus } from './outbox.js'
export type { FactRow, FactKind } from './facts.js'
export type { EvidenceRow, EvidenceOrigin } from './evidence.js'
export type { MessageCount, OutboxDepth, WakeCount, OldestOpen } from './stats.js'
export type { ContractRow, WakeRow, WakeResult, OwedWake, ClockSample } from './carriers.js'
export type { IdempotencyRow } from './idempotency.js'
export type { MailboxStore, MailboxRow, MailboxKind, MailboxUsage } from './mailbox.js'

export class Store {
  readonly identity: IdentityStore
  readonly messages: MessageStore
  readonly receipts: ReceiptStore
  readonly outbox: OutboxStore
  readonly facts: FactStore
  readonly invites: InviteStore
  readonly carriers: CarrierStore
  readonly stats: StatsStore
  readonly evidence: EvidenceStore
  readonly seatTokens: SeatTokenStore
  readonly idempotency: IdempotencyStore
  readonly mailbox: MailboxStore
  /** Durable writes batched per event-loop turn: await it before acknowledging anything. */
  readonly commit: GroupCommit
  private constructor (readonly db: Db) {
    this.commit = new GroupCommit(db)
    const s = new Statements(db)
    this.facts = new FactStore(s)
    this.invites = new InviteStore(s)
    this.carriers = new CarrierStore(s)
    this.stats = new StatsStore(s)
    this.evidence = new EvidenceStore(s)
    this.seatTokens = new SeatTokenStore(s)
    this.idempotency = new IdempotencyStore(s)
    this.mailbox = new MailboxStore(s)
    this.identity = new IdentityStore(s, this.facts)
    this.messages = new MessageStore(s)
    this.receipts = new ReceiptStore(s, this.facts)
    this.outbox = new OutboxStore(s)
  }

  static open (path: string): Store {
    return new Store(openDb(path))
  }

  /** Runs fn in one transaction (committed durably before it returns). */
  tx<T> (fn: () => T): T {
    return this.db.transaction(fn)()
  }

  close (): void {
    if (this.db.open) this.db.close()
  }
}
