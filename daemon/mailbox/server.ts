// The mailbox end of /aios-comm/mailbox/1: a member's node hands over signed messages and receipts for a member whose
// node is away; each is checked, held within quotas and committed durably before it is answered held (no code).
import type { Connection, Stream } from '@libp2p/interface'
import { MeshError, bytesEqual, refuse, type ErrorCode, type Refusal } from '../../cards/index.js'
import { deliverResponseToWire, type DeliverRequestData, type DeliverResponseData } from '../../proto/index.js'
import type { Core } from '../core.js'
import { readDeliverFrame, writeStreamError } from '../delivery/index.js'
import { MAX_FRAME_BYTES, lengthPrefixed } from '../net/index.js'
import type { MailboxUsage } from '../store/index.js'
import { checkHeldMessage, checkHeldReceipt, type HeldCheck } from './check.js'
import type { MailboxQuota } from './constants.js'

const CLOSE_TIMEOUT_MS = 2000

export interface MailboxServing {
  /** Does this node serve as a mailbox now (its config says relay)? */
  serving: () => boolean
  /** Something new is held: try forwarding it. */
  held: () => void
  quota: MailboxQuota
}

export async function serveMailbox (core: Core, stream: Stream, connection: Connection, opts: MailboxServing): Promise<void> {
  const remote = connection.remotePeer.toString()
  const lp = lengthPrefixed(stream, { maxDataLength: MAX_FRAME_BYTES })
  const fail = async (code: ErrorCode, message: string): Promise<void> => {
    core.log.warn('mailbox stream refused', { peer: remote, code, message })
    core.events.emit('refused', { what: 'stream', code, reason: message, peer: remote })
    await writeStreamError(lp, code, message)
  }
  for (;;) {
    let frame
    try {
      frame = await lp.read()
    } catch {
      break // the peer is done, or sent a frame over the limit
    }
    const read = readDeliverFrame(frame.subarray())
    if (!read.ok) {
      await fail(read.code, read.message)
      break
    }
    if (!core.directory.isTrustedPeer(remote)) {
      await fail('PEER_NOT_TRUSTED', 'this peer hosts no actor this node trusts')
      break
    }
    if (!opts.serving()) {
      await fail('MAILBOX_NOT_SERVING', 'this node does not serve as a mailbox')
      break
    }
    const res = await holdFrame(core, read.req, remote, opts.quota)
    await lp.write(deliverResponseToWire(res))
    opts.held()
  }
  try {
    await stream.close({ signal: AbortSignal.timeout(CLOSE_TIMEOUT_MS) })
  } catch {
    stream.abort(new MeshError('STREAM_CLOSED', 'mailbox stream closed'))
  }
}

/** Checks each item of a trusted peer's frame and holds the good ones in one durable commit; answers each. */
export async function holdFrame (core: Core, req: DeliverRequestData, remote: string, quota: MailboxQuota): Promise<DeliverResponseData> {
  const now = Date.now()
  const box = core.store.mailbox
  const mine = box.usageOf(remote)
  const all = box.usage()
  const puts: Array<{ check: HeldCheck & { ok: true }, envelope: Uint8Array, header?: Uint8Array }> = []
  const verdict = (check: HeldCheck, envelope: Uint8Array, header?: Uint8Array): Refusal | undefined => {
    if (!check.ok) return check
    const held = box.get(check.kind, check.ref)
    if (held !== undefined) return bytesEqual(held.envelope, envelope) ? undefined : refuse('EQUIVOCATION', 'this id is already held with other content')
    const size = envelope.byteLength + (header?.byteLength ?? 0)
    const over = overQuota(quota, mine, all, size)
    if (over !== undefined) return over
    for (const u of [mine, all]) { u.count++; u.bytes += size }
    puts.push({ check, envelope, header })
    return undefined
  }
  const headers = req.headers ?? []
  const results = req.messages.map((bytes, i) => {
    const c = checkHeldMessage(core, bytes, headers[i], now)
    const r = verdict(c, bytes, headers[i])
    if (r !== undefined) core.events.emit('refused', { what: 'message', code: r.code, reason: `mailbox: ${r.reason}`, peer: remote })
    return { messageId: c.ok ? c.ref : new Uint8Array(0), ...(r === undefined ? {} : { errorCode: r.code, errorMessage: r.reason }) }
  })
  const receiptResults = req.receipts.map(bytes => {
    const c = checkHeldReceipt(core, bytes, now)
    const r = verdict(c, bytes)
    if (r !== undefined) core.events.emit('refused', { what: 'receipt', code: r.code, reason: `mailbox: ${r.reason}`, peer: remote })
    return { receiptHash: c.ok ? c.ref : new Uint8Array(0), ...(r === undefined ? {} : { errorCode: r.code, errorMessage: r.reason }) }
  })
  if (puts.length > 0) {
    // fsynced before any item is answered held: the sender may count on the mailbox from that answer on
    await core.store.commit.run(() => {
      for (const p of puts) {
        box.put({ kind: p.check.kind, ref: p.check.ref, dest: p.check.dest, replyTo: p.check.replyTo, envelope: p.envelope, header: p.header, fromPeer: remote, nowMs: now })
      }
    })
    core.log.info('mailbox holds items', { peer: remote, count: puts.length })
  }
  return { batchId: req.batchId, results, receiptResults, handoffResults: [] }
}

function overQuota (q: MailboxQuota, mine: MailboxUsage, all: MailboxUsage, size: number): Refusal | undefined {
  if (mine.count + 1 > q.itemsPerPeer || mine.bytes + size > q.bytesPerPeer) {
    return refuse('MAILBOX_FULL', `this peer's share of the mailbox is full (${q.itemsPerPeer} items, ${q.bytesPerPeer} bytes)`)
  }
  if (all.count + 1 > q.items || all.bytes + size > q.bytes) {
    return refuse('MAILBOX_FULL', `the mailbox is full (${q.items} items, ${q.bytes} bytes)`)
  }
  return undefined
}
