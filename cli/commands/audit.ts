// `aios-comm audit OB pass|fail "sentence" [--file F]`: the auditor's verdict on the recipient's COMPLETE.
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { actingSeat, daemonCall, globals } from '../context.js'
import { print } from '../output.js'

export function register (program: Command): void {
  program.command('audit <obligation> <verdict> <sentence>').description('as the auditor the sender named: judge the recipient\'s COMPLETE, pass (AUDITED) or fail (reopened for the recipient)')
    .option('--file <path>', 'an existing regular file to hash as the auditor\'s own evidence (a check\'s output, say)')
    .option('--json', 'print JSON')
    .action(async (ob: string, verdict: string, sentence: string, o: { file?: string }, cmd: Command) => {
      const r = await daemonCall(cmd, 'audit', { obligation: ob, verdict, sentence, file: o.file === undefined ? undefined : resolve(o.file), as: actingSeat(cmd) })
      print(globals(cmd), r, () => `${r.obligation} ${r.state}\n${r.verdict} on round ${r.round} (COMPLETE ${r.judged.slice(0, 16)}…), evidence ${r.evidence}`)
    })
}
