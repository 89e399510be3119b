// The recipient end of /aios-comm/deliver/2 and /1: one long-lived stream per peer; frames are handled as they come
// (pipelined), each answered with per-message and per-receipt results. A bad frame closes only its stream.
import type { Connection, Stream } from '@libp2p/interface'
import { MeshError, type ErrorCode } from '../../cards/index.js'
import { deliverResponseToWire, type DeliverRequestData, type DeliverResponseData } from '../../proto/index.js'
import type { Core } from '../core.js'
import { acceptMessages, acceptReceipts } from '../messaging/index.js'
import { DELIVER_FRAMES_IN_FLIGHT, MAX_FRAME_BYTES, lengthPrefixed } from '../net/index.js'
import { frameCost, readDeliverFrame, writeStreamError } from './frame.js'
import type { PeerRateLimiter } from './peer-rate.js'
import { acceptCardJson } from '../directory/index.js'
import { acceptHandoffs } from '../messaging/handoff.js'
import { acceptAudits } from '../messaging/audit-in.js'
import { errorText } from '../runtime/errors.js'
import { crashPoint } from '../runtime/crash-point.js'

const CLOSE_TIMEOUT_MS = 2000

export async function serveDeliver (core: Core, stream: Stream, connection: Connection, rate: PeerRateLimiter): Promise<void> {
  const remote = connection.remotePeer.toString()
  // a sender keeps at most DELIVER_FRAMES_IN_FLIGHT frames out, and all of them may arrive before this loop reads
  // them: 8 full frames are more than libp2p's default 4 MiB (frames-in-flight.test.ts)
  const lp = lengthPrefixed(stream, { maxDataLength: MAX_FRAME_BYTES, maxBufferSize: (DELIVER_FRAMES_IN_FLIGHT + 1) * (MAX_FRAME_BYTES + 8) })
  const inFlight = new Set<Promise<void>>()
  const fail = async (code: ErrorCode, message: string): Promise<void> => {
    core.log.warn('deliver stream closed', { peer: remote, code, message })
    await writeStreamError(lp, code, message)
  }
  for (;;) {
    let frame
    try {
      frame = await lp.read()
    } catch (err) {
      const name = (err as Error).name
      if (name === 'InvalidDataLengthError' || name === 'InvalidDataLengthLengthError') await fail('FRAME_TOO_LARGE', `a frame may have at most ${MAX_FRAME_BYTES} bytes`)
      else if (name === 'UnexpectedEOFError') await fail('FRAME_TRUNCATED', 'the stream ended inside a frame')
      else if (name === 'StreamBufferError') core.log.warn('deliver stream overflowed', { peer: remote, error: errorText(err) }) // the peer sent past its frames in flight
      else core.log.debug('deliver stream ended', { peer: remote, error: name })
      break
    }
    const read = readDeliverFrame(frame.subarray())
    if (!read.ok) {
      await fail(read.code, read.message)
      break
    }
    const req = read.req
    if (!core.directory.isTrustedPeer(remote)) {
      await fail('PEER_NOT_TRUSTED', 'this peer hosts no actor this node trusts')
      break
    }
    if (!rate.take(remote, frameCost(req))) {
      if (rate.limitedFrames(remote) % 1000 === 1) core.log.warn('peer over its rate', { peer: remote, frames: rate.limitedFrames(remote) })
      try {
        await lp.write(deliverResponseToWire(rateLimited(req)))
      } catch {
        break // the peer reset the stream while flooding it
      }
      continue
    }
    const job = handleDeliverFrame(core, req, remote).then(async res => {
      if (res.results.some(r => r.receipt !== undefined)) crashPoint('before-receipt-send')
      await lp.write(deliverResponseToWire(res))
    }).catch(err => {
      core.log.warn('deliver frame failed', { peer: remote, error: errorText(err) })
      stream.abort(err as Error)
    })
    inFlight.add(job)
    void job.finally(() => inFlight.delete(job))
    if (inFlight.size >= DELIVER_FRAMES_IN_FLIGHT) await Promise.race(inFlight)
  }
  await Promise.allSettled(inFlight)
  // The peer is done (or was cut off): end our side too, so nothing waits on a half-open stream.
  try {
    await stream.close({ signal: AbortSignal.timeout(CLOSE_TIMEOUT_MS) })
  } catch {
    stream.abort(new MeshError('STREAM_CLOSED', 'deliver stream closed'))
  }
}

/**
 * Every item of a frame over its peer's rate, answered unchecked with the transient RATE_LIMITED — the code
 * alone, so the answer to a flood is smaller than the flood.
 */
function rateLimited (req: DeliverRequestData): DeliverResponseData {
  const item = { messageId: new Uint8Array(0), errorCode: 'RATE_LIMITED' }
  const receipt = { receiptHash: new Uint8Array(0), errorCode: item.errorCode }
  return { batchId: req.batchId, results: req.messages.map(() => item), receiptResults: req.receipts.map(() => receipt), handoffResults: (req.handoffs ?? []).map(() => item), auditResults: (req.audits ?? []).map(() => item) }
}

/** Answers one decoded frame from a trusted peer: cards learned, messages, receipts, handoffs and audit requests each answered. */
export async function handleDeliverFrame (core: Core, req: DeliverRequestData, remote: string): Promise<DeliverResponseData> {
  learnCards(core, req.cards, remote)
  const results = await acceptMessages(core, req.messages, req.headers ?? [], remote)
  const receiptResults = req.receipts.length > 0 ? await acceptReceipts(core, req.receipts, remote, req.evidence) : []
  const handoffResults = (req.handoffs ?? []).length > 0 ? await acceptHandoffs(core, req.handoffs ?? [], remote) : []
  const auditResults = (req.audits ?? []).length > 0 ? await acceptAudits(core, req.audits ?? [], req.evidence ?? [], remote) : []
  return { batchId: req.batchId, results, receiptResults, handoffResults, auditResults }
}

/** Cards a peer sends for the seats it hosts; only cards naming that very peer are taken, under every rule. */
function learnCards (core: Core, cards: Uint8Array[], remote: string): void {
  let changed = false
  for (const bytes of cards) {
    try {
      const json = Buffer.from(bytes).toString('utf8')
      const peerId = (JSON.parse(json)?.capabilities?.extensions?.[0]?.params?.peerId) as unknown
      if (peerId !== remote) continue
      const v = acceptCardJson(core.ctx, json)
      if (!v.ok) core.log.debug('card from peer refused', { peer: remote, code: v.code })
      else if (v.status !== 'unchanged') changed = true
    } catch (err) {
      core.log.debug('card from peer refused', { peer: remote, code: (err as MeshError).code })
    }
  }
  if (changed) core.directoryChanged()
}
