// store: the node's SQLite file. Nothing outside daemon/store/ writes SQL.
import { logBytes } from './wal-check.js'
import { openDb, type Db } from './db.js'
import { IdentityStore } from './identity.js'
import { MessageStore } from './messages.js'
import { ReceiptStore } from './receipts.js'
import { LeaseStore } from './leases.js'
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
import { MetaStore } from './meta.js'
import { FactWatermark } from './fact-watermark.js'
import { A2AClientStore } from './a2a-client.js'
import { RetentionStore } from './retention.js'
import { TraceStore } from './traces.js'
import { DeferredFactStore } from './deferred-facts.js'

export type { ActorRow, CardRow, RevocationRow, RenewalRow, Capabilities } from './identity.js'
export type { SeatTokenStore } from './seat-tokens.js'
export type { MessageStore, MessageRow } from './messages.js'
export type { ReceiptStore, ReceiptRow } from './receipts.js'
export type { LeaseStore, LeaseRow } from './leases.js'
export type { OutboxStore, OutboxRow, OutboxKind, OutboxStatus, HandedRow } from './outbox.js'
export type { FactRow, FactKind } from './facts.js'
export { NO_REF } from './facts.js'
export type { EvidenceRow, EvidenceOrigin } from './evidence.js'
export type { MessageCount, OutboxDepth, WakeCount, OldestOpen } from './stats.js'
export type { ContractRow, WakeRow, WakeResult, OwedWake, ClockSample } from './carriers.js'
export type { IdempotencyRow } from './idempotency.js'
export type { MailboxStore, MailboxRow, MailboxKind, MailboxUsage } from './mailbox.js'
export type { MetaStore } from './meta.js'
export type { TraceStore } from './traces.js'
export type { DeferredFactStore, DeferredFact } from './deferred-facts.js'
export type { RetentionStore, ArchivedRow, FinalState, StoreSize } from './retention.js'
export type { A2AClientStore, A2APinRow, A2AObligationRow, A2AReceiptRow } from './a2a-client.js'
export { FACT_SYNC_WAIT_MS, type FactWatermark } from './fact-watermark.js'

// The meta row a durable commit writes when facts wait for one (its value: when, and the log's head then).
const FACT_LOG_SYNCED_KEY = 'fact_log_synced'

export class Store {
  readonly identity: IdentityStore
  readonly messages: MessageStore
  readonly receipts: ReceiptStore
  /** Leases on obligations addressed to a role (signed by their senders). */
  readonly leases: LeaseStore
  readonly outbox: OutboxStore
  readonly facts: FactStore
  /** facts from peers' logs waiting for a card (sync) */
  readonly deferred: DeferredFactStore
  readonly invites: InviteStore
  readonly carriers: CarrierStore
  readonly stats: StatsStore
  readonly evidence: EvidenceStore
  readonly seatTokens: SeatTokenStore
  readonly idempotency: IdempotencyStore
  readonly mailbox: MailboxStore
  readonly meta: MetaStore
  /** The A2A client's pins, obligations and witness receipts: local to this node. */
  readonly a2aClient: A2AClientStore
  /** What ages out: archived and purged obligations, compaction of the fact log, the store's size. */
  readonly retention: RetentionStore
  /** The receive spans exported for messages addressed here, while traces are exported. */
  readonly traces: TraceStore
  /** Durable writes batched per event-loop turn: await it before acknowledging anything. */
  readonly commit: GroupCommit
  /** The highest fact seq a durable commit covers: peers are handed seqs up to it only. */
  readonly watermark: FactWatermark
  /** Made once (see GroupCommit.inner): BEGIN … COMMIT around fn, or a savepoint inside an open transaction. */
  private readonly inTx: (fn: () => unknown) => unknown

  private constructor (readonly db: Db) {
    this.inTx = db.transaction((fn: () => unknown) => fn())
    const s = new Statements(db)
    this.facts = new FactStore(s)
    this.deferred = new DeferredFactStore(s)
    this.meta = new MetaStore(s)
    const markSynced = (): void => this.meta.set(FACT_LOG_SYNCED_KEY, `${Date.now()} ${this.facts.head()}`)
    this.watermark = new FactWatermark(() => this.facts.head(), markSynced, async () => await this.commit.run(markSynced))
    this.facts.watermark = this.watermark
    this.commit = new GroupCommit(db, this.watermark, process.platform, this.facts)
    this.invites = new InviteStore(s)
    this.carriers = new CarrierStore(s)
    this.stats = new StatsStore(s)
    this.evidence = new EvidenceStore(s)
    this.seatTokens = new SeatTokenStore(s)
    this.idempotency = new IdempotencyStore(s)
    this.mailbox = new MailboxStore(s)
    this.identity = new IdentityStore(s, this.facts, fn => this.run(fn))
    this.messages = new MessageStore(s)
    this.receipts = new ReceiptStore(s, this.facts)
    this.leases = new LeaseStore(s, this.facts)
    this.outbox = new OutboxStore(s)
    this.a2aClient = new A2AClientStore(s)
    this.retention = new RetentionStore(s)
    this.traces = new TraceStore(s)
  }

  static open (path: string): Store {
    const store = new Store(openDb(path))
    store.syncRecovered(path)
    return store
  }

  /**
   * A log left by a writer that did not close (a crash, a kill) may hold relaxed commits that are still only in the
   * OS's cache: one durable commit now fsyncs the log (with its folder entry, and F_FULLFSYNC on macOS, as SQLite
   * does for any durable commit), so every fact present counts as durable and may be handed out by sequence.
   */
  private syncRecovered (path: string): void {
    if (logBytes(path) === 0) return
    try {
      this.tx(() => this.meta.set(FACT_LOG_SYNCED_KEY, `${Date.now()} ${this.facts.head()}`))
    } catch {
      this.watermark.nothingSynced() // (a read-only disk, say) no seq is handed out until a durable commit succeeds
    }
  }

  /** Runs fn in one transaction (committed durably before it returns). */
  tx<T> (fn: () => T): T {
    return this.run(fn)
  }

  /**
   * Runs reads that belong together (a frame's worth of look-ups) under one read lock: outside a transaction each
   * statement takes and drops SQLite's lock on its own (two fcntl calls and an fstat each). For reads only: a
   * write in fn would commit with it.
   */
  read<T> (fn: () => T): T {
    return this.run(fn)
  }

  /** fn in BEGIN … COMMIT, or in a savepoint inside an open transaction; the fact log is told how it ended. */
  private run<T> (fn: () => T): T {
    const top = !this.db.inTransaction
    const mark = this.facts.mark()
    try {
      const r = this.inTx(fn) as T
      if (top) this.facts.committed()
      return r
    } catch (err) {
      if (top) this.facts.rolledBack()
      else this.facts.undo(mark)
      throw err
    }
  }

  /** False once closed: nothing may be read from it then. */
  get open (): boolean {
    return this.db.open
  }

  close (): void {
    this.commit.close() // fsyncs what is committed and not yet on disk before SQLite closes
    this.watermark.close()
    if (this.db.open) this.db.close()
  }
}
