// `aios-comm notify --to HANDLE (--text T | --file F | -) [--wait STATE]`: prints `ob_<id> DELIVERY_PENDING` at once, or
// with --wait the state reached, in one control call.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Command } from 'commander'
import { MeshError } from '../../cards/errors.js'
import { actingSeat, globals, homeDir, seatAccess } from '../context.js'
import { callKeyed } from '../keyed-call.js'
import type { ReceiptLevel } from '../../daemon/control/methods.js'
import { print } from '../output.js'

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

export function parseDuration (text: string): number {
  const m = /^(\d+)(ms|s|m|h|d)$/.exec(text)
  if (m === null || Number(m[1]) === 0) throw new MeshError('USAGE', `${JSON.stringify(text)} is not a duration such as 90s, 10m, 2h or 7d`)
  return Number(m[1]) * UNITS[m[2]]
}

async function readStdin (): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of process.stdin) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

interface NotifyOptions {
  to: string
  text?: string
  file?: string
  require?: string
  thread?: string
  ttl?: string
  contentType?: string
  idempotencyKey?: string
  wait?: string
  timeout?: string
  auditor?: string
}

const WAIT_STATES = ['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE', 'AUDITED', 'REJECTED', 'CANCELED']

export function register (program: Command): void {
  program.command('notify [source]').description('send a message; prints the obligation id and DELIVERY_PENDING at once (source "-" reads stdin)')
    .requiredOption('--to <handle>', 'the recipient actor, role:NAME for role work (one obligation offered to the role\'s seats), or skill:ID (the best other seat that states the skill: aios-comm find --skill ID)')
    .option('--text <text>', 'the message text')
    .option('--file <path>', 'read the message body from a file')
    .option('--require <level>', 'receipt level wanted: DELIVERED, READ, CONSUMED, COMPLETE or AUDITED (default COMPLETE)')
    .option('--auditor <handle>', 'with --require AUDITED: the seat (or role:NAME) that checks the COMPLETE and signs AUDITED')
    .option('--thread <id>', 'a conversation id')
    .option('--ttl <duration>', 'give up delivery after this long (90s, 10m, 2h, 7d)')
    .option('--content-type <type>', 'the body\'s media type (default text/plain)')
    .option('--idempotency-key <key>', 'a key of your own: the same key within 24 h returns the first obligation and sends nothing new')
    .option('--wait <state>', `answer once the message reaches this state (${WAIT_STATES.join(', ')}) or a final one, in the same call`)
    .option('--timeout <duration>', 'how long --wait may take (default 30s, at most 10m); when it runs out the message is still sent: its id and state are printed, exit 0')
    .option('--json', 'print JSON')
    .action(async (source: string | undefined, o: NotifyOptions, cmd: Command) => {
      const given = [o.text !== undefined, o.file !== undefined, source === '-'].filter(Boolean).length
      if (given !== 1 || (source !== undefined && source !== '-')) throw new MeshError('USAGE', 'give exactly one of --text T, --file F or - (stdin)')
      let body: Buffer
      if (o.text !== undefined) body = Buffer.from(o.text, 'utf8')
      else if (o.file !== undefined) {
        try {
          body = readFileSync(o.file)
        } catch (err) {
          throw new MeshError('FILE_UNREADABLE', `cannot read ${o.file}`, { cause: err })
        }
      } else body = await readStdin()
      const wait = o.wait?.toUpperCase()
      if (wait !== undefined && !WAIT_STATES.includes(wait)) throw new MeshError('USAGE', `--wait takes one of ${WAIT_STATES.join(', ')}, not ${JSON.stringify(o.wait)}`)
      if (o.timeout !== undefined && wait === undefined) throw new MeshError('USAGE', '--timeout goes with --wait STATE')
      // Without a key of the user's, one for this invocation: a retry after a lost connection is then the same notify.
      const key = o.idempotencyKey ?? `cli:${randomBytes(16).toString('hex')}`
      const r = await callKeyed(homeDir(cmd), 'notify', {
        as: actingSeat(cmd),
        to: o.to,
        body: body.toString('base64'),
        require: o.require?.toUpperCase() as ReceiptLevel | undefined, // the daemon refuses any other with BAD_REQUEST
        thread: o.thread,
        ttlMs: o.ttl === undefined ? undefined : parseDuration(o.ttl),
        contentType: o.contentType,
        idempotencyKey: key,
        auditor: o.auditor,
        wait,
        waitMs: o.timeout === undefined ? undefined : parseDuration(o.timeout)
      }, key, seatAccess(cmd))
      // a wait that ran out is no error: the message is sent and durable, and sending it again would send it twice
      const ranOut = r.timedOut === true ? `\nwait: ${wait ?? ''} not reached yet; the message is sent (follow it with aios-comm status ${r.obligation})` : ''
      print(globals(cmd), { obligation: r.obligation, state: r.state, from: r.from, to: r.to, replayed: r.replayed, held: r.held, timedOut: r.timedOut }, () => `${r.obligation} ${r.state}${r.held === undefined ? '' : `\nheld: ${r.held}`}${ranOut}`)
    })
}
