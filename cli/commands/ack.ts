// `aios-comm ack OB "sentence" [--file F]`: write (or name) the evidence file, then issue CONSUMED and COMPLETE.
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { actingSeat, daemonCall, globals } from '../context.js'
import { print } from '../output.js'

export function register (program: Command): void {
  program.command('ack <obligation> <sentence>').description('complete an obligation with evidence (a receipt file, or --file F)')
    .option('--file <path>', 'an existing regular file to hash as the evidence (outside the home, or in its evidence/ folder; one of at most 64 KiB goes whole to the sender)')
    .option('--json', 'print JSON')
    .action(async (ob: string, sentence: string, o: { file?: string }, cmd: Command) => {
      const r = await daemonCall(cmd, 'ack', { obligation: ob, sentence, file: o.file === undefined ? undefined : resolve(o.file), as: actingSeat(cmd) })
      print(globals(cmd), r, () => `${r.obligation} ${r.state}\nevidence ${r.evidence.path} sha256 ${r.evidence.sha256}`)
    })
}
