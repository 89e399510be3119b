// `aios-comm actor add|endorse|export|import|list|token`: the seats this home hosts, and who may act as them.
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { MeshError } from '../../cards/errors.js'
import type { ActorOptions } from '../../daemon/index.js'
import { globals, setupVerb } from '../context.js'
import { print, table } from '../output.js'
import { contractOptions, defaultTmuxSocket, milliseconds, tmuxFromEnv, type ContractFlags } from '../carrier-options.js'

/** The boundary, said where a seat is added. */
const ISOLATION_HELP = `
Who can act as a seat:
  The control socket (<home>/control.sock, mode 0600) belongs to the node's Unix user. Any process of that user
  can open it and act as any seat that is not isolated: seats of one Unix user are not isolated from each other.
  That user can also read every key and token in the home; no seat is protected from it.
  --isolated: acting as the seat (notify, inbox, read, consume, ack, reject; MCP and the A2A bridge too) needs
  its token, from $AIOS_SEAT_TOKEN or --seat-token-file FILE. Without it: SEAT_TOKEN_REQUIRED; with a wrong one:
  SEAT_TOKEN_INVALID (exit 3). For a seat running as another Unix user or in a container, give it the token file
  and the seat socket (<home>/seat.sock, or config seatSocket; mode 0666, or 0660 with config seatSocketGroup):
  AIOS_COMM_SOCKET=PATH AIOS_SEAT_TOKEN=... aios-comm notify ... There a token acts only as its own seat, and only
  through seat methods. Rotate with: aios-comm actor token HANDLE --rotate`

/** What a seat can do, said where it is added. */
const SKILLS_HELP = `
What a seat can do (stated in its signed card; aios-comm find --skill ID lists the seats, notify --to skill:ID sends
to the best live one):
  --skill NAME[:DESCRIPTION]  a skill (repeat for several); its id is NAME in lowercase, - for other characters;
                              --tag T gives these skills tags (default: the id)
  --skills FILE               a JSON manifest, checked strictly (SKILLS_INVALID names the first wrong field):
                              {"skills": [{"id": "code-review", "name": "Code review", "description": "...",
                                "tags": ["typescript"], "examples": ["review PR 12"]}],
                               "mcp": [{"server": "github", "tools": ["create_issue"]}], "model": "opus"}
  --no-skills                 drop the seat's skills and MCP servers
  Each replaces what an existing seat states; its card is signed again (seq + 1) and spreads.`

const collect = (v: string, prev: unknown): string[] => [...(Array.isArray(prev) ? prev : []), v]

export function register (program: Command): void {
  const actor = program.command('actor').description('local seats: add, endorse, list, token')

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
    .option('--isolated', 'acting as this seat needs its token (written to <home>/seat-tokens/HANDLE.token); also for an existing seat')
    .option('--role <name>', 'a role the seat holds, stated in its card (repeat for several; replaces an existing seat\'s roles)', (v: string, prev: unknown) => [...(Array.isArray(prev) ? prev : []), v])
    .option('--no-role', 'the seat holds no role (drops an existing seat\'s roles)')
    .option('--skill <name[:description]>', 'a skill the seat has, stated in its card (repeat for several; replaces an existing seat\'s skills)', collect)
    .option('--tag <tag>', 'a tag of the skills given with --skill (repeat for several)', collect)
    .option('--skills <file>', 'a JSON manifest of the seat\'s skills, MCP servers and model (replaces an existing seat\'s)')
    .option('--no-skills', 'the seat states no skill and no MCP server')
    .option('--json', 'print JSON')
    .addHelpText('after', ISOLATION_HELP + SKILLS_HELP)
    .action(async (handle: string, o: Omit<ActorOptions, 'skills'> & ContractFlags & { role?: string[] | false, skill?: string[], tag?: string[], skills?: string | false }, cmd: Command) => {
      const tmux = tmuxFromEnv(process.env)
      const pane = o.pane ?? tmux.pane
      const tmuxSocket = (o.tmuxSocket !== undefined ? resolve(o.tmuxSocket) : undefined) ?? tmux.tmuxSocket ?? (pane !== undefined ? defaultTmuxSocket(process.env) : undefined)
      const opts: ActorOptions = { carrier: o.carrier, model: o.model, requireEnv: o.requireEnv, mesh: o.mesh, pane, tmuxSocket, isolated: o.isolated === true, ...contractOptions(o) }
      if (o.role !== undefined) opts.roles = o.role === false ? [] : o.role
      if (o.tag !== undefined && o.skill === undefined) throw new MeshError('USAGE', '--tag gives tags to the skills named with --skill; name one (or put tags in a --skills manifest)')
      if (o.skill !== undefined) {
        // loaded here, not with the command: a command the daemon answers loads no setup code (test/cli/startup.test.ts)
        const { skillFromSpec } = await import('../../daemon/setup/skills.js')
        opts.skills = o.skill.map(spec => skillFromSpec(spec, o.tag))
      }
      if (o.skills === false) opts.skills = []
      else if (o.skills !== undefined) opts.skillsFile = resolve(o.skills)
      const r = await setupVerb(cmd, 'actor.add', { handle, ...opts }, async (ctx, d) => await d.actorAdd(ctx, handle, opts))
      print(globals(cmd), r, () => {
        const head = `${r.created ? 'added' : 'updated'} ${r.handle} ${r.actorKey}${r.roles.length > 0 ? `\nroles: ${r.roles.join(', ')}` : ''}` +
          `${r.skills.length > 0 ? `\nskills: ${r.skills.join(', ')}` : ''}${r.mcp.length > 0 ? `\nmcp: ${r.mcp.join(', ')}` : ''}`
        const token = r.tokenFile !== undefined ? `\nisolated: its token is in ${r.tokenFile}; give that file to the seat's process only` : ''
        return (r.endorsed ? `${head}\nendorsed` : `${head}\nadmission request: ${r.request}\nhand it to the mesh owner (aios-comm mesh admit FILE), then run: aios-comm actor endorse ${r.handle} ENDORSEMENT_FILE`) + token
      })
    })

  actor.command('token <handle>').description('an isolated seat\'s token: show where it is, --rotate it (isolating the seat), or --remove it (shared again)')
    .option('--rotate', 'write a new token; the old one stops working at once')
    .option('--remove', 'make the seat shared again: no token needed on the control socket')
    .option('--json', 'print JSON')
    .action(async (handle: string, o: { rotate?: boolean, remove?: boolean }, cmd: Command) => {
      const opts = { rotate: o.rotate === true, remove: o.remove === true }
      const r = await setupVerb(cmd, 'actor.token', { handle, ...opts }, (ctx, d) => d.seatToken(ctx, handle, opts))
      print(globals(cmd), r, () => r.isolated
        ? `${r.handle} is isolated; ${r.rotated ? 'new token' : 'token'} in ${r.tokenFile}`
        : `${r.handle} is shared: whoever can open the control socket acts as it`)
    })

  actor.command('endorse <handle> <file>').description('install the endorsement the mesh owner made for a seat')
    .option('--json', 'print JSON')
    .action(async (handle: string, file: string, _o, cmd: Command) => {
      const abs = resolve(file)
      const r = await setupVerb(cmd, 'actor.endorse', { handle, file: abs }, async (ctx, d) => await d.actorEndorse(ctx, handle, abs))
      print(globals(cmd), r, () => `${r.handle} endorsed by mesh ${r.meshKey} until ${r.expiresAt}`)
    })

  actor.command('export <handle>').description('move a seat away: write its key, endorsement and card to a private file and stop hosting it here')
    .option('--out <file>', 'where to write the seat file (mode 0600)')
    .option('--json', 'print JSON')
    .action(async (handle: string, o: { out?: string }, cmd: Command) => {
      const out = o.out === undefined ? undefined : resolve(o.out)
      const r = await setupVerb(cmd, 'actor.export', { handle, out }, (ctx, d) => d.actorExport(ctx, handle, out))
      print(globals(cmd), r, () => `${r.path}
${r.handle} is no longer hosted here; ${r.handoff} open messages will follow it to its new node (aios-comm actor import FILE there)`)
    })

  actor.command('import <file>').description('host a seat moved from another node; its new card (seq + 1) points here')
    .option('--pane <id>', 'tmux pane id such as %3 (default $TMUX_PANE)')
    .option('--json', 'print JSON')
    .action(async (file: string, o: { pane?: string }, cmd: Command) => {
      const tmux = tmuxFromEnv(process.env)
      const params = { file: resolve(file), pane: o.pane ?? tmux.pane, tmuxSocket: tmux.tmuxSocket }
      const r = await setupVerb(cmd, 'actor.import', params, async (ctx, d) => await d.actorImport(ctx, params.file, params))
      print(globals(cmd), r, () => `${r.handle} is hosted here now (card seq ${r.seq})`)
    })

  actor.command('list').description('the seats hosted here').option('--json', 'print JSON')
    .action(async (_o, cmd: Command) => {
      const r = await setupVerb(cmd, 'actor.list', {}, (ctx, d) => d.actorList(ctx))
      print(globals(cmd), r, () => r.length === 0 ? 'no seats: run aios-comm actor add HANDLE'
        : table(['HANDLE', 'CARRIER', 'PANE', 'ROLES', 'SKILLS', 'ENDORSED', 'ISOLATED', 'CARD SEQ', 'KEY'],
          r.map(a => [a.handle, a.carrier, a.pane, a.roles.length > 0 ? a.roles.join(',') : undefined, a.skills.length > 0 ? a.skills.map(k => k.id).join(',') : undefined,
            a.endorsed ? 'yes' : 'no', a.isolated ? 'yes' : 'no', a.cardSeq, a.actorKey])))
    })
}
