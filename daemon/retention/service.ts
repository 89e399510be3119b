// The daemon's retention: compacts a while after start and then every few hours, one run at a time; shows the
// policy with the store's size and age; changes the policy in config.json.
import { statSync } from 'node:fs'
import type { Core } from '../core.js'
import type { Store } from '../store/index.js'
import { errorText } from '../runtime/errors.js'
import { compact } from './compact.js'
import { checkPolicy } from './policy.js'
import type { CompactionReport, RetentionPolicy, RetentionView } from './types.js'

/** The first run waits for start-up (catch-up, wakes) to settle; then one run every COMPACT_EVERY_MS. */
export const FIRST_COMPACTION_MS = 5 * 60_000
export const COMPACT_EVERY_MS = 6 * 3600_000

/** The meta row that says when this node last compacted (written at each run, and at first sight of the store). */
export const LAST_COMPACTION_KEY = 'retention_last_run_ms'

export class RetentionService {
  private timer?: NodeJS.Timeout
  private nextAtMs?: number
  private running?: Promise<CompactionReport>
  private last?: CompactionReport
  private stopped = false

  /** `save` writes the config with the new policy (the composition root's: the config file belongs to the home). */
  constructor (private readonly core: Core, private readonly save: (policy: RetentionPolicy) => void) {}

  get policy (): RetentionPolicy {
    return this.core.ctx.config.retention
  }

  start (): void {
    this.schedule(FIRST_COMPACTION_MS)
  }

  /**
   * A node that last compacted longer ago than its archive horizon (it was stopped, or offline, past it) compacts
   * before it serves its log, so a peer never learns from it what its own policy has aged out; a node stopped for a
   * night or a weekend starts at once and compacts on its schedule. A store never seen by this version counts as
   * compacted now: its first run comes on the schedule, not in the way of this start.
   */
  async catchUp (nowMs = Date.now()): Promise<CompactionReport | undefined> {
    const meta = this.core.store.meta
    const last = Number(meta.get(LAST_COMPACTION_KEY) ?? Number.NaN)
    if (!Number.isFinite(last)) {
      await this.core.store.commit.run(() => meta.set(LAST_COMPACTION_KEY, String(nowMs)))
      return undefined
    }
    if (nowMs - last < Math.max(COMPACT_EVERY_MS, this.policy.archiveAfterMs)) return undefined
    this.core.log.info('compacting before serving: the last compaction was long ago', { lastAt: new Date(last).toISOString() })
    return await this.run(nowMs)
  }

  stop (): void {
    this.stopped = true
    clearTimeout(this.timer)
  }

  /** Compacts now (or joins the run under way) and answers with its report. */
  async run (nowMs = Date.now()): Promise<CompactionReport> {
    if (this.running === undefined) {
      this.running = compact(this.core, this.policy, nowMs).finally(() => { this.running = undefined })
      this.last = await this.running
      const meta = this.core.store.meta
      await this.core.store.commit.run(() => meta.set(LAST_COMPACTION_KEY, String(nowMs)))
      return this.last
    }
    return await this.running
  }

  /** Changes the policy: checked, written to config.json, in force for the next run. */
  setPolicy (p: RetentionPolicy): RetentionView {
    const policy = checkPolicy({ archiveAfterMs: p.archiveAfterMs, ...(p.purgeAfterMs === undefined ? {} : { purgeAfterMs: p.purgeAfterMs }) })
    this.save(policy)
    this.core.ctx.config.retention = policy
    return this.view()
  }

  view (): RetentionView {
    return retentionView(this.core.store, this.core.ctx.paths.db, this.policy, this.last, this.nextAtMs)
  }

  private schedule (ms: number): void {
    if (this.stopped) return
    this.nextAtMs = Date.now() + ms
    this.timer = setTimeout(() => {
      this.run().catch(err => this.core.log.warn('compaction failed', { error: errorText(err) }))
        .finally(() => this.schedule(COMPACT_EVERY_MS))
    }, ms)
    this.timer.unref()
  }
}

/** The policy, the store's size and age, and the compactions: what `retention` and `doctor` show. */
export function retentionView (store: Store, dbPath: string, policy: RetentionPolicy, last?: CompactionReport, nextAtMs?: number): RetentionView {
  const r = store.retention
  const size = r.size()
  const fileBytes = (p: string): number => { try { return statSync(p).size } catch { return 0 } }
  const counts = r.counts()
  const oldest = r.oldestRetainedMs()
  return {
    policy,
    store: {
      bytes: fileBytes(dbPath),
      walBytes: fileBytes(`${dbPath}-wal`),
      freeBytes: size.freePages * (size.pages === 0 ? 0 : Math.round(size.bytes / size.pages)),
      incrementalVacuum: size.autoVacuum === 2,
      facts: store.facts.count(),
      messages: store.messages.countMessages(),
      archived: counts.archived,
      purged: counts.purged
    },
    ...(oldest === undefined ? {} : { oldestRetained: new Date(oldest).toISOString() }),
    ...(last === undefined ? {} : { lastCompaction: last }),
    ...(nextAtMs === undefined ? {} : { nextCompaction: new Date(nextAtMs).toISOString() })
  }
}
