// `aios-comm retention` with no daemon running: the policy shown and changed in config.json, a compaction run here.
import type { HomeContext } from '../home/context.js'
import { updateConfig } from '../home/config.js'
import { createLogger } from '../runtime/log.js'
import { checkPolicy, compact, retentionView, type CompactionReport, type RetentionPolicy, type RetentionView } from '../retention/index.js'

export function retentionShow (ctx: HomeContext): RetentionView {
  return retentionView(ctx.store, ctx.paths.db, ctx.config.retention)
}

/** A field left out keeps its value; purgeAfterMs null stops purging. */
export function retentionSet (ctx: HomeContext, change: { archiveAfterMs?: number, purgeAfterMs?: number | null }): RetentionView {
  const purgeAfterMs = change.purgeAfterMs === null ? undefined : change.purgeAfterMs ?? ctx.config.retention.purgeAfterMs
  const policy: RetentionPolicy = checkPolicy({ archiveAfterMs: change.archiveAfterMs ?? ctx.config.retention.archiveAfterMs, ...(purgeAfterMs === undefined ? {} : { purgeAfterMs }) })
  updateConfig(ctx.paths.config, () => ({ retention: policy }))
  ctx.config.retention = policy
  return retentionShow(ctx)
}

export async function retentionRun (ctx: HomeContext): Promise<CompactionReport> {
  return await compact({ store: ctx.store, log: createLogger('retention') }, ctx.config.retention)
}

/** `retention --vacuum`, with no daemon running: the whole file rewritten, freed pages given back for good. */
export function retentionVacuum (ctx: HomeContext): RetentionView {
  ctx.store.retention.vacuumWhole()
  return retentionShow(ctx)
}
