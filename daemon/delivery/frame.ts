// One /aios-comm/deliver frame read off the stream: decoded and held to the per-frame limits, as a verdict
// with a stable code. Pure, so what the stream handler runs on received bytes can be tested on its own.
import type { Stream } from '@libp2p/interface'
import type { LengthPrefixedStream } from '@libp2p/utils'
import type { ErrorCode } from '../../cards/index.js'
import { deliverRequestFromWire, deliverResponseToWire, type DeliverRequestData } from '../../proto/index.js'
import { MAX_BATCH_MESSAGES } from '../messaging/index.js'

export const MAX_BATCH_CARDS = 64 // the cards of the seats a node hosts; each costs a slow (noble) verification
export const MAX_BATCH_HANDOFFS = MAX_BATCH_MESSAGES // a seat move hands messages over in the same batches

export type FrameRead = { ok: true, req: DeliverRequestData } | { ok: false, code: 'FRAME_MALFORMED' | 'BATCH_TOO_LARGE', message: string }

export function readDeliverFrame (bytes: Uint8Array): FrameRead {
  let req: DeliverRequestData
  try {
    req = deliverRequestFromWire(bytes)
  } catch {
    return { ok: false, code: 'FRAME_MALFORMED', message: 'the frame is not a DeliverRequest' }
  }
  const handoffs = req.handoffs ?? []
  const audits = req.audits ?? []
  if ((req.headers ?? []).length > req.messages.length) return { ok: false, code: 'FRAME_MALFORMED', message: 'a frame carries at most one header per message' }
  if (req.messages.length > MAX_BATCH_MESSAGES || req.receipts.length > MAX_BATCH_MESSAGES ||
    req.cards.length > MAX_BATCH_CARDS || handoffs.length > MAX_BATCH_HANDOFFS ||
    handoffs.some(h => h.receipts.length > MAX_BATCH_MESSAGES) || audits.length > MAX_BATCH_HANDOFFS ||
    audits.some(h => h.receipts.length > MAX_BATCH_MESSAGES) || (req.evidence ?? []).length > req.receipts.length + audits.length) {
    return {
      ok: false,
      code: 'BATCH_TOO_LARGE',
      message: `a frame may carry at most ${MAX_BATCH_MESSAGES} messages, receipts, handoffs and audit requests, ${MAX_BATCH_CARDS} cards, and evidence for its receipts and audit requests only`
    }
  }
  return { ok: true, req }
}

/** What a frame weighs against its peer's rate: the frame itself plus every item it asks this node to check. */
export function frameCost (req: DeliverRequestData): number {
  return 1 + req.messages.length + req.receipts.length + req.cards.length + (req.evidence ?? []).length + [...(req.handoffs ?? []), ...(req.audits ?? [])].reduce((n, h) => n + 1 + h.receipts.length, 0)
}

/** The last frame on a stream this node closes: the error's code and message, written if the peer still listens. */
export async function writeStreamError (lp: LengthPrefixedStream<Stream>, code: ErrorCode, message: string): Promise<void> {
  try {
    await lp.write(deliverResponseToWire({ batchId: 0, results: [], receiptResults: [], error: { code, message } }))
  } catch {
    // the peer is gone; the stream is closed after this either way
  }
}
