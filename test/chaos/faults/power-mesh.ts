// Power cuts on a mesh of real daemons: each node's home is a power-loss disk, each daemon runs with the shim in
// a mount namespace of its own whose boot id changes at every cut (a power cut is a reboot), and each cut is
// checked, on the disk it left and after the restart, against what was true just before it: messages the sender saw
// DELIVERED, obligations the sender answered, keys, config and seat tokens; the fact log's served sequence numbers
// are measured at the end.
import { randomUUID } from 'node:crypto'
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import Database from 'better-sqlite3'
import { onTestFinished } from 'vitest'
import { DaemonProcess } from '../../../cli/harness/index.js'
import { call } from '../../../cli/control-client.js'
import { homePaths } from '../../../daemon/index.js'
import { cardIdentity } from '../../../daemon/retention/compact.js'
import { createMesh, query, type MeshNodeHandle } from '../../helpers/mesh.js'
import { CLI, cli, tempDir } from '../../helpers/cli.js'
import type { History } from '../history/index.js'
import { DELIVERED_OR_LATER } from '../history/events.js'
import type { Supervisor } from './supervisor.js'
import { PowerDisk, powerShim, type PowerCut } from './power.js'
import type { Rng } from './seed.js'

const BOOT_ID = '/proc/sys/kernel/random/boot_id'
/** A seat whose token is issued before any cut and must still work after each (handles are mesh-wide: one per node). */
const isolatedSeat = (node: MeshNodeHandle): string => `iso-${node.handle}`

export interface PowerNode extends MeshNodeHandle {
  disk: PowerDisk
  /** the file bind-mounted over the boot id inside the daemon's namespace */
  bootFile: string
  token: string
}

/** What one cut broke, found on restart. */
export interface CutFindings {
  /** DELIVERED seen at a sender before the cut, for a message the cut recipient no longer holds */
  deliveredLost: string[]
  /** obligations the cut sender answered (notify returned), gone from its store */
  obligationsLost: string[]
  /** node key, mesh key, config or seat token changed or unusable */
  identity: string[]
  /** the daemon refused to start (its one line), or died starting */
  refusedStart?: string
}

/** n nodes on power-loss disks, every daemon running `cli` (the real build, or a mutated copy) under the shim. */
export async function createPowerMesh (n: number, sup: Supervisor, cliPath?: string): Promise<PowerNode[]> {
  const lib = powerShim()
  const nodes = await createMesh(n, { start: false })
  const out = nodes.map(node => {
    const disk = new PowerDisk(node.home)
    onTestFinished(() => disk.dispose())
    const bootFile = join(tempDir('aios-power-boot-'), 'boot_id')
    writeFileSync(bootFile, `${randomUUID()}\n`)
    const daemon = new DaemonProcess(node.home, {
      cli: cliPath ?? CLI,
      env: disk.env(lib),
      prefix: ['unshare', '--mount', 'sh', '-c', `mount --bind "$0" ${BOOT_ID} && exec "$@"`, bootFile]
    })
    onTestFinished(async () => { await daemon.kill() })
    const p: PowerNode = { ...node, daemon: daemon as MeshNodeHandle['daemon'], disk, bootFile, token: '' }
    return p
  })
  await Promise.all(out.map(async p => {
    await sup.start(p.daemon)
    if (!p.disk.loaded) throw new Error(`the power-loss shim was not loaded by the daemon of ${p.home} (LD_PRELOAD=${lib})`)
    // an isolated seat, made through the running daemon under the shim: its token must survive every cut
    const r = await cli(p.home, ['actor', 'add', isolatedSeat(p), '--isolated', '--json'], p.disk.env(lib))
    if (r.code !== 0) throw new Error(`actor add ${isolatedSeat(p)} failed: ${r.stderr}`)
    p.token = readFileSync(join(p.home, 'seat-tokens', `${isolatedSeat(p)}.token`), 'utf8').trim()
  }))
  return out
}

const identityFiles = (node: PowerNode): string[] => {
  const p = homePaths(node.home)
  return [p.nodeKey, p.meshKey, p.config, join(p.seatTokens, `${isolatedSeat(node)}.token`)]
}

/**
 * SIGKILL, then the power cut (torn or not), then a reboot (new boot id) and a restart, then the checks.
 * The live files a SIGKILL leaves are what the node had written; the cut decides what of it was on disk.
 */
export async function powerCut (node: PowerNode, history: History, sup: Supervisor, torn?: { rng: Rng, p: number }): Promise<{ cut: PowerCut, findings: CutFindings }> {
  const before = new Map(identityFiles(node).map(f => [f, existsSync(f) ? readFileSync(f) : undefined]))
  await sup.kill(node.daemon)
  // Taken after the SIGKILL, before the cut: every DELIVERED and every answer the test saw came before the power went.
  const delivered = deliveredTo(history, node.handle)
  const answered = answeredBy(history, node.handle)
  const cut = node.disk.powerOff(torn)
  writeFileSync(node.bootFile, `${randomUUID()}\n`)
  const findings: CutFindings = { deliveredLost: [], obligationsLost: [], identity: [] }
  // What the cut left on disk, read from a copy before the daemon starts: once it runs, a peer's sync can bring back
  // what the cut took (its own messages, which the peer holds) before a look at the live store, hiding the loss.
  const onDisk = messagesOnDisk(node.home)
  try {
    await sup.start(node.daemon)
  } catch (err) {
    findings.refusedStart = (err as Error).message.split('\n').filter(l => l.trim() !== '').slice(-1)[0] ?? String(err)
    return { cut, findings }
  }
  // and after the start: a row on disk that the daemon's open dropped is lost as well
  const started = messagesIn(query(node.home, 'SELECT id, local_to, local_from FROM messages'))
  const gone = (which: keyof HeldMessages, o: string): boolean => onDisk?.[which].has(o) === false || !started[which].has(o)
  findings.deliveredLost = delivered.filter(o => gone('held', o))
  findings.obligationsLost = answered.filter(o => gone('sent', o))
  for (const [f, bytes] of before) {
    const now = existsSync(f) ? readFileSync(f) : undefined
    if (bytes !== undefined && (now === undefined || !now.equals(bytes))) findings.identity.push(`${f} ${now === undefined ? 'is gone' : 'changed'}`)
  }
  try {
    await call(node.home, 'inbox', { as: isolatedSeat(node) }, { seatToken: node.token })
  } catch (err) {
    findings.identity.push(`the seat token of ${isolatedSeat(node)} no longer works: ${(err as Error).message}`)
  }
  return { cut, findings }
}

interface HeldMessages { held: Set<string>, sent: Set<string> }

function messagesIn (rows: Array<{ id: Buffer, local_to: number, local_from: number }>): HeldMessages {
  const out: HeldMessages = { held: new Set(), sent: new Set() }
  for (const r of rows) {
    const o = `ob_${r.id.toString('hex')}`
    if (r.local_to === 1) out.held.add(o)
    if (r.local_from === 1) out.sent.add(o)
  }
  return out
}

/** The messages in a copy of the store as the cut left it (its log replayed by SQLite on open, as the daemon's
 * open would); undefined when the copy does not open as a store, which the daemon's start then reports. */
function messagesOnDisk (home: string): HeldMessages | undefined {
  const dir = tempDir('aios-power-ondisk-')
  copyStore(home, dir)
  try {
    const copy = new Database(join(dir, 'node.db'), { fileMustExist: true })
    try {
      return messagesIn(copy.prepare('SELECT id, local_to, local_from FROM messages').all() as Array<{ id: Buffer, local_to: number, local_from: number }>)
    } finally {
      copy.close()
    }
  } catch {
    return undefined
  }
}

/** Copies a home's store (the database and its log, as they are) into `to`, under the same names. */
export function copyStore (home: string, to: string): void {
  const db = homePaths(home).db
  for (const ext of ['', '-wal']) if (existsSync(db + ext)) copyFileSync(db + ext, join(to, `${basename(db)}${ext}`))
}

/** Obligations addressed to `handle` whose DELIVERED (or later) the test saw at their sender. */
function deliveredTo (history: History, handle: string): string[] {
  const to = new Map<number, string>()
  const ob = new Map<string, string>()
  for (const e of history.events) {
    if (e.type === 'invoke') to.set(e.op, e.to)
    else if (e.type === 'ok') ob.set(e.obligation, to.get(e.op) ?? '')
  }
  const out = new Set<string>()
  for (const e of history.events) {
    if (e.type === 'receipt' && DELIVERED_OR_LATER.has(e.state) && ob.get(e.obligation) === handle) out.add(e.obligation)
  }
  return [...out]
}

/** Obligations a notify as `handle` was answered with. */
export function answeredBy (history: History, handle: string): string[] {
  const from = new Map<number, string>()
  const out: string[] = []
  for (const e of history.events) {
    if (e.type === 'invoke') from.set(e.op, e.from)
    else if (e.type === 'ok' && from.get(e.op) === handle) out.push(e.obligation)
  }
  return out
}

/** The fact log as peers saw it: for each node, the hash at each seq some peer had checkpointed. */
export class ServedLog {
  private readonly served = new Map<string, Map<number, string>>() // node handle -> seq -> fact hash
  gaps = 0
  readonly examples: string[] = []

  /** Reads, read-only, each peer's checkpoint of `node` and `node`'s facts up to it (call while both are up). */
  record (node: PowerNode, peers: PowerNode[]): void {
    const cp = Math.max(0, ...peers.map(p => checkpoint(p, node)))
    if (cp === 0) return
    const seen = this.served.get(node.handle) ?? new Map<number, string>()
    for (const r of query<{ seq: number, hash: Buffer }>(node.home, 'SELECT seq, hash FROM facts WHERE seq <= ?', cp)) {
      if (!seen.has(r.seq)) seen.set(r.seq, r.hash.toString('hex'))
    }
    this.served.set(node.handle, seen)
  }

  /** After the heal: each recorded seq still names its fact, and each peer holds every fact up to its checkpoint. */
  audit (nodes: PowerNode[]): number {
    const bad = new Set<string>()
    const flag = (key: string, why: string): void => {
      if (bad.has(key)) return
      bad.add(key)
      if (this.examples.length < 5) this.examples.push(why)
    }
    for (const node of nodes) {
      const rows = query<{ seq: number, hash: Buffer, kind: string, at: number, bytes: Buffer }>(node.home, 'SELECT seq, hash, kind, at_ms AS at, bytes FROM facts')
      const now = new Map(rows.map(r => [r.seq, r.hash.toString('hex')]))
      const what = new Map(rows.map(r => [r.seq, `a ${r.kind}${r.kind === 'card' ? ` ${cardText(r.bytes)}` : ''} stored at ${new Date(r.at).toISOString()}, ${r.hash.toString('hex').slice(0, 12)}`]))
      for (const [seq, hash] of this.served.get(node.handle) ?? []) {
        if (now.get(seq) !== hash) flag(`${node.handle}:${seq}`, `${node.handle} seq ${seq} was ${hash.slice(0, 12)} when a peer checkpointed it, now ${now.get(seq)?.slice(0, 12) ?? 'nothing'}`)
      }
      for (const peer of nodes) {
        if (peer === node) continue
        const cp = checkpoint(peer, node)
        const holds = new Set(query<{ hash: Buffer }>(peer.home, 'SELECT hash FROM facts').map(r => r.hash.toString('hex')))
        for (const [seq, hash] of now) {
          if (seq <= cp && !holds.has(hash)) flag(`${node.handle}:${seq}`, `${peer.handle} checkpointed ${node.handle} at ${cp} but lacks its seq ${seq} (${what.get(seq) ?? ''}; ${peer.handle} holds ${heldCards(peer)})`)
        }
      }
    }
    this.gaps = bad.size
    return bad.size
  }
}

/** A card fact as "handle#seq" (read without verifying, as retention does). */
function cardText (bytes: Buffer): string {
  const c = cardIdentity(bytes)
  return c === undefined ? 'unreadable' : `${c.handle}#${c.seq}`
}

/** The cards a node holds, as "handle#seq", and its fact count by kind: what a gap line needs to tell why. */
function heldCards (n: PowerNode): string {
  const cards = query<{ handle: string, seq: number }>(n.home, 'SELECT handle, seq FROM cards ORDER BY handle').map(c => `${c.handle}#${c.seq}`)
  const kinds = query<{ kind: string, n: number }>(n.home, 'SELECT kind, count(*) AS n FROM facts GROUP BY kind').map(k => `${k.n} ${k.kind}`)
  return `cards ${cards.join(' ')}, facts ${kinds.join(' ')}`
}

function checkpoint (peer: PowerNode, node: PowerNode): number {
  return query<{ seq: number }>(peer.home, 'SELECT seq FROM peer_checkpoints WHERE peer_id = ?', node.daemon.peerId)[0]?.seq ?? 0
}
