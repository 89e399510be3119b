// `aios-comm demo`: a local three-node mesh that shows the whole lifecycle and an offline catch-up.
import type { Command } from 'commander'
import { runDemo } from '../demo/run.js'

export function register (program: Command): void {
  program.command('demo').description('run three daemons on loopback and show one message\'s whole journey and an offline catch-up')
    .option('--keep', 'keep the demo homes afterwards')
    .action(async (o: { keep?: boolean }) => { await runDemo(o) })
}
