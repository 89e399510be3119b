// Meshes on the NAT topology: one daemon per machine (laptops listen on every interface, as a default install does;
// VMs on their public address), the messages of a case, and the one line a case prints: delivered, lost, duplicated.
import { expect, onTestFinished } from 'vitest'
import { saveConfig, type NodeConfig } from '../../../daemon/home/config.js'
import { createMesh, query, waitFor, withCtx, type MeshNodeHandle } from '../../helpers/mesh.js'
import { recordTally } from '../report.js'
import { makeNat, type Nat, type NatHost } from './nat.js'

export interface Placed {
  host: NatHost
  /** Serve as a relay and mailbox (`init --relay`). */
  relay?: boolean
  /** Any other setting of this node's config, made before its daemon first starts. */
  edit?: (c: NodeConfig) => void
}

export interface NatNode extends MeshNodeHandle { host: NatHost }

/** The topology for one test, always removed when the test ends; a machine that cannot build it fails the test. */
export function natForTest (): Nat {
  const nat = makeNat()
  if (typeof nat === 'string') expect.fail(nat)
  onTestFinished(() => nat.cleanup())
  return nat
}

/** One node per placed machine, cards exchanged, daemons not started; the first node owns the mesh. */
export async function placeMesh (nat: Nat, placed: Placed[]): Promise<NatNode[]> {
  const nodes = await createMesh(placed.length, {
    start: false,
    // the cards made before the first start name the machine's address then; the daemon states its own from then on
    addresses: (i, port) => ({ listen: `/ip4/${nat.address(placed[i].host)}/tcp/${port}` }),
    prefix: i => nat.prefix(placed[i].host),
    relay: i => placed[i].relay // init --relay
  })
  for (const [i, n] of nodes.entries()) {
    const p = placed[i]
    await withCtx(n.home, ctx => {
      if (nat.lanOf(p.host) !== undefined) ctx.config.listen = [`/ip4/0.0.0.0/tcp/${n.port}`] // a laptop: any network it is on
      p.edit?.(ctx.config)
      saveConfig(ctx.paths.config, ctx.config)
    })
  }
  return nodes.map((n, i) => Object.assign(n, { host: placed[i].host }))
}

export interface Sent { obligation: string, tag: string, from: NatNode, to: NatNode, atMs: number }

/** One message; the tag is its whole text, so the recipient's inbox shows it in full. */
export async function send (from: NatNode, to: NatNode, tag: string): Promise<Sent> {
  const atMs = Date.now()
  const { obligation } = await from.daemon.call('notify', { as: from.handle, to: to.handle, text: tag })
  return { obligation, tag, from, to, atMs }
}

/** The tags of `sent` that the recipient holds, each with how many times its inbox lists it. */
async function held (to: NatNode, sent: Sent[]): Promise<Map<string, number>> {
  const tags = new Set(sent.filter(s => s.to === to).map(s => s.tag))
  const out = new Map<string, number>()
  for (const item of await to.daemon.call('inbox', { as: to.handle, all: true })) {
    if (tags.has(item.preview)) out.set(item.preview, (out.get(item.preview) ?? 0) + 1)
  }
  return out
}

/** Waits until every recipient running holds every message sent to it. */
export async function waitDelivered (sent: Sent[], timeoutMs: number, what = 'every message held by its recipient'): Promise<void> {
  const recipients = [...new Set(sent.map(s => s.to))]
  await waitFor(what, async () => {
    let missing = 0
    for (const to of recipients) {
      const h = await held(to, sent)
      missing += sent.filter(s => s.to === to && !h.has(s.tag)).length
    }
    return missing
  }, n => n === 0, timeoutMs)
}

/** ms from `since(s)` (default: the send) to the DELIVERED receipt its recipient signed, read in the recipient's store. */
export function toDeliveredMs (sent: Sent[], since: (s: Sent) => number = s => s.atMs): number[] {
  return sent.flatMap(s => {
    const r = query<{ at: number }>(s.to.home, "SELECT at_ms AS at FROM receipts WHERE message_id = ? AND state = 'DELIVERED'", Buffer.from(s.obligation.slice(3), 'hex'))[0]
    return r === undefined ? [] : [r.at - since(s)]
  })
}

export interface CaseLine {
  case: string
  sent: number
  delivered: number
  lost: number
  duplicated: number
  /** Median and largest time to DELIVERED, ms. */
  toDeliveredMs: { median: number, max: number }
  [extra: string]: unknown
}

/**
 * Counts what each recipient holds of `sent` (running recipients only: call it while they run), prints the case's
 * one line `[reach] {json}` and adds it to the chaos report. Lost: sent, never held; duplicated: held twice or more;
 * `extra.faults`: how many faults the case injected (a move, a relay killed).
 */
export async function reportCase (name: string, sent: Sent[], extra: Record<string, unknown> = {}, since?: (s: Sent) => number): Promise<CaseLine> {
  let delivered = 0
  let duplicated = 0
  for (const to of new Set(sent.map(s => s.to))) {
    const h = await held(to, sent)
    delivered += h.size
    for (const n of h.values()) duplicated += n - 1
  }
  const ms = toDeliveredMs(sent, since).sort((x, y) => x - y)
  const line: CaseLine = {
    case: name,
    sent: sent.length,
    delivered,
    lost: sent.length - delivered,
    duplicated,
    toDeliveredMs: { median: ms[Math.floor(ms.length / 2)] ?? -1, max: ms[ms.length - 1] ?? -1 },
    ...extra
  }
  process.stdout.write(`[reach] ${JSON.stringify(line)}\n`)
  const faults = typeof extra.faults === 'number' ? extra.faults : 0
  recordTally({ suite: `reach: ${name}`, cycles: 1, messages: sent.length, faults, ok: delivered, lost: line.lost, duplicated })
  return line
}
