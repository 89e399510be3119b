// `aios-comm retention [--archive-after D] [--purge-after D|never] [--run]`: how long history is kept, the store's
// size and age, and a compaction on demand. Through the daemon when it runs (its next run uses the new policy),
// else on the home itself.
import type { Command } from 'commander'
import { MeshError } from '../../cards/index.js'
import { globals, homeDir, setupVerb, withHome } from '../context.js'
import { socketIsLive } from '../../daemon/home/socket.js'
import { homePaths } from '../../daemon/home/paths.js'
import { print } from '../output.js'
import { parseDuration } from './notify.js'
import type { CompactionReport, RetentionView } from '../../daemon/retention/index.js'

const mib = (n: number): string => `${(n / 1048576).toFixed(1)} MiB`
const days = (ms: number): string => ms % 86_400_000 === 0 ? `${ms / 86_400_000}d` : `${Math.round(ms / 3_600_000)}h`

function viewText (v: RetentionView): string {
  const s = v.store
  return [
    `archive final obligations after ${days(v.policy.archiveAfterMs)}; ${v.policy.purgeAfterMs === undefined ? 'never purge' : `purge archived ones after ${days(v.policy.purgeAfterMs)}`}`,
    `store ${mib(s.bytes)} (+ ${mib(s.walBytes)} log, ${mib(s.freeBytes)} free${s.incrementalVacuum ? '' : '; no incremental vacuum: freed pages stay in the file'})`,
    `holds ${s.messages} messages, ${s.facts} facts; ${s.archived} archived, ${s.purged} purged`,
    `oldest retained ${v.oldestRetained ?? 'none'}`,
    ...(v.nextCompaction === undefined ? [] : [`next compaction ${v.nextCompaction}`]),
    ...(v.lastCompaction === undefined ? [] : [`last compaction ${v.lastCompaction.startedAt}: ${reportText(v.lastCompaction)}`])
  ].join('\n')
}

function reportText (r: CompactionReport): string {
  return `${r.archived} archived, ${r.purged} purged, ${r.factsDropped} facts and ${r.historyDropped} history rows dropped, ${r.heldInFlight} kept while in flight; ${mib(r.bytesBefore)} → ${mib(r.bytesAfter)} in ${r.durationMs} ms`
}

function purgeOption (text: string): number | null {
  return text === 'never' ? null : parseDuration(text)
}

export function register (program: Command): void {
  program.command('retention').description('how long history is kept (final obligations archived, archived ones purged), the store\'s size and age; --run compacts now')
    .option('--archive-after <duration>', 'archive final obligations (COMPLETE, REJECTED, CANCELED, EXPIRED, FAILED) this long after they became final (e.g. 30d; at least 1h)')
    .option('--purge-after <duration>', 'drop even the compact row of archived obligations this long after they became final, or never')
    .option('--run', 'compact now, after any change of policy')
    .option('--vacuum', 'with the daemon stopped: rewrite the whole file so it gives freed pages back (stores made before retention need it once)')
    .option('--json', 'print JSON')
    .action(async (o: { archiveAfter?: string, purgeAfter?: string, run?: boolean, vacuum?: boolean }, cmd: Command) => {
      const change = {
        ...(o.archiveAfter === undefined ? {} : { archiveAfterMs: parseDuration(o.archiveAfter) }),
        ...(o.purgeAfter === undefined ? {} : { purgeAfterMs: purgeOption(o.purgeAfter) })
      }
      let view: RetentionView | undefined
      if (Object.keys(change).length > 0) view = await setupVerb(cmd, 'retention.set', change, (ctx, setup) => setup.retentionSet(ctx, change))
      if (o.run === true) {
        const r = await setupVerb(cmd, 'retention.run', {}, async (ctx, setup) => await setup.retentionRun(ctx))
        print(globals(cmd), r, () => reportText(r))
        return
      }
      if (o.vacuum === true) {
        // a VACUUM holds the file for as long as it copies it: never under a running daemon
        if (await socketIsLive(homePaths(homeDir(cmd)).socket)) throw new MeshError('DAEMON_ALREADY_RUNNING', 'retention --vacuum rewrites the store: stop the daemon first')
        view = await withHome(cmd, (ctx, setup) => setup.retentionVacuum(ctx))
      }
      view ??= await setupVerb(cmd, 'retention', {}, (ctx, setup) => setup.retentionShow(ctx))
      const shown = view
      print(globals(cmd), shown, () => viewText(shown))
    })
}
