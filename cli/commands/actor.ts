// `aios-comm actor add|endorse|list`: the seats this home hosts.
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { actorAdd, actorEndorse, actorExport, actorImport, actorList, tmuxFromEnv, type ActorOptions } from '../../daemon/index.js'
import { globals, setupVerb } from '../context.js'
import { print, table } from '../output.js'
import { contractOptions, defaultTmuxSocket, milliseconds, type ContractFlags } from '../carrier-options.js'

export function register (program: Command): void {
  const actor = program.command('actor').description('local seats: add, endorse, list')

  actor.command('add <handle>').description('add (or update) a seat; inside tmux its pane is picked up')
    .option('--carrier <kind>', 'claude-code, codex, shell or command')
    .option('--pane <id>', 'tmux pane id such as %3 (default $TMUX_PANE)')
    .option('--tmux-socket <path>', 'tmux socket (default from $TMUX)')
    .option('--model <name>', 'the model the carrier runs')
    .option('--require-env <var...>', 'environment variables the carrier needs')
    .option('--mesh <key>', 'the mesh to join when this home trusts several')
    .option('--require-file <path...>', 'files or folders the carrier needs (replaces the list)')
    .option('--probe <command>', 'a shell command that must exit 0 before each wake ("" clears it)')
    .option('--command <program>', 'carrier command: the program run to wake the seat, with AIOS_COMM_OBLIGATION set')
    .option('--command-timeout <ms>', 'how long the wake command may run (default 10000)', milliseconds)
    .option('--wake-delay <ms>', 'pause between the wake line and Enter (default per carrier: 300 claude-code, 500 codex, 50 shell)', milliseconds)
    .option('--json', 'print JSON')
    .action(async (handle: string, o: ActorOptions & ContractFlags, cmd: Command) => {
      const tmux = tmuxFromEnv(process.env)
      const pane = o.pane ?? tmux.pane
      const tmuxSocket = (o.tmuxSocket !== undefined ? resolve(o.tmuxSocket) : undefined) ?? tmux.tmuxSocket ?? (pane !== undefined ? defaultTmuxSocket(process.env) : undefined)
      const opts: ActorOptions = { carrier: o.carrier, model: o.model, requireEnv: o.requireEnv, mesh: o.mesh, pane, tmuxSocket, ...contractOptions(o) }
      const r = await setupVerb(cmd, 'actor.add', { handle, ...opts }, async ctx => await actorAdd(ctx, handle, opts))
      print(globals(cmd), r, () => {
        const head = `${r.created ? 'added' : 'updated'} ${r.handle} ${r.actorKey}`
        return r.endorsed ? `${head}\nendorsed` : `${head}\nadmission request: ${r.request as string}\nhand it to the mesh owner (aios-comm mesh admit FILE), then run: aios-comm actor endorse ${r.handle} ENDORSEMENT_FILE`
      })
    })

  actor.command('endorse <handle> <file>').description('install the endorsement the mesh owner made for a seat')
    .option('--json', 'print JSON')
    .action(async (handle: string, file: string, _o, cmd: Command) => {
      const abs = resolve(file)
      const r = await setupVerb(cmd, 'actor.endorse', { handle, file: abs }, async ctx => await actorEndorse(ctx, handle, abs))
      print(globals(cmd), r, () => `${r.handle} endorsed by mesh ${r.meshKey} until ${r.expiresAt}`)
    })

  actor.command('export <handle>').description('move a seat away: write its key, endorsement and card to a private file and stop hosting it here')
    .option('--out <file>', 'where to write the seat file (mode 0600)')
    .option('--json', 'print JSON')
    .action(async (handle: string, o: { out?: string }, cmd: Command) => {
      const out = o.out === undefined ? undefined : resolve(o.out)
      const r = await setupVerb(cmd, 'actor.export', { handle, out }, ctx => actorExport(ctx, handle, out))
      print(globals(cmd), r, () => `${r.path}
${r.handle} is no longer hosted here; ${r.handoff} open messages will follow it to its new node (aios-comm actor import FILE there)`)
    })

  actor.command('import <file>').description('host a seat moved from another node; its new card (seq + 1) points here')
    .option('--pane <id>', 'tmux pane id such as %3 (default $TMUX_PANE)')
    .option('--json', 'print JSON')
    .action(async (file: string, o: { pane?: string }, cmd: Command) => {
      const tmux = tmuxFromEnv(process.env)
      const params = { file: resolve(file), pane: o.pane ?? tmux.pane, tmuxSocket: tmux.tmuxSocket }
      const r = await setupVerb(cmd, 'actor.import', params, async ctx => await actorImport(ctx, params.file, params))
      print(globals(cmd), r, () => `${r.handle} is hosted here now (card seq ${r.seq})`)
    })

  actor.command('list').description('the seats hosted here').option('--json', 'print JSON')
    .action(async (_o, cmd: Command) => {
      const r = await setupVerb(cmd, 'actor.list', {}, ctx => actorList(ctx))
      print(globals(cmd), r, () => r.length === 0 ? 'no seats: run aios-comm actor add HANDLE'
        : table(['HANDLE', 'CARRIER', 'PANE', 'ENDORSED', 'CARD SEQ', 'KEY'], r.map(a => [a.handle, a.carrier, a.pane, a.endorsed ? 'yes' : 'no', a.cardSeq, a.actorKey])))
    })
}
