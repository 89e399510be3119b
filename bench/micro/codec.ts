// The deliver frame codec with its signatures, alone: 256 messages of 1 KB with their headers signed as notify signs
// them (BatchSigner: one signature per turn) and encoded into one DeliverRequest; that frame decoded and every
// message verified as the recipient verifies it (readDeliverFrame, verifyMessage); the DELIVERED answer signed in
// one batch (signReceipts), encoded, decoded at the sender and each receipt checked (checkReceipt) against the message
// and the header the sender holds.
import { mkdtempSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sha256 } from '../../cards/index.js'
import { PAYLOAD_TYPES, deliverRequestToWire, deliverResponseFromWire, deliverResponseToWire, envelopeToWire, headerToWire, messageToWire, type MessageData } from '../../proto/index.js'
import { BatchSigner } from '../../daemon/messaging/batch-signer.js'
import { verifyMessage } from '../../daemon/messaging/accept.js'
import { readDeliverFrame } from '../../daemon/delivery/frame.js'
import { NONCE_BYTES, checkReceipt, headerFor, messageIdFor, ownHeader, signReceipts } from '../../daemon/receipts/index.js'
import { measure } from './measure.js'
import { openHomes, type MicroNode } from './homes.js'
import type { MicroBench, MicroResult } from './types.js'

const STAGE = 'frame codec'
const PER_FRAME = 256 // a full deliver frame (MAX_BATCH_MESSAGES)
const FRAMES = { full: 40, quick: 4 } // 10,240 messages: about as many as one 1 KB × 256 pair run
const BODY = new Uint8Array(1024).fill(120)

interface Sent { msg: MessageData, envelope: Uint8Array, header: Uint8Array, hash: Uint8Array }

/** One frame's messages, signed as notify signs a turn's messages and headers: one batch signature for all. */
function signFrame (s: MicroNode, to: string): Sent[] {
  const key = s.core.seatKey(s.handle)
  const signer = new BatchSigner()
  const now = Date.now()
  const pending = Array.from({ length: PER_FRAME }, () => {
    const nonce = new Uint8Array(randomBytes(NONCE_BYTES))
    const msg: MessageData = { id: messageIdFor(key.publicKey, nonce), from: s.handle, to, sentAtMs: now, contentType: 'text/plain', body: BODY, require: 'DELIVERED', fromKey: key.publicKey }
    const payload = messageToWire(msg)
    const header = headerFor(msg, payload, nonce)
    return { msg, header, envelopeOf: signer.add(key, payload), headerOf: signer.add(key, headerToWire(header), PAYLOAD_TYPES.header) }
  })
  return pending.map(p => {
    const envelope = envelopeToWire(p.envelopeOf())
    const header = envelopeToWire(p.headerOf())
    ownHeader(header, p.header) // as notify does
    return { msg: p.msg, envelope, header, hash: sha256(envelope) }
  })
}

const encodeFrame = (sent: Sent[], batchId: number): Uint8Array =>
  deliverRequestToWire({ batchId, messages: sent.map(x => x.envelope), headers: sent.map(x => x.header), receipts: [], cards: [], handoffs: [], evidence: [] })

export const frameCodec: MicroBench = async ({ quick }) => {
  const root = mkdtempSync(join(tmpdir(), 'aios-micro-codec-'))
  const homes = await openHomes(root)
  const { sender: s, recipient: r } = homes
  const frames = FRAMES[quick ? 'quick' : 'full']
  const out: MicroResult[] = []
  try {
    const to = r.handle
    const rKey = r.core.seatKey(to)
    encodeFrame(signFrame(s, to), 0) // warm-up
    const sent: Sent[][] = []
    const wire: Uint8Array[] = []
    out.push(await measure(STAGE, `messages + headers batch-signed and encoded, ${PER_FRAME} × 1 KB per frame`, frames * PER_FRAME, async timed => await timed(() => {
      for (let i = 0; i < frames; i++) {
        sent.push(signFrame(s, to))
        wire.push(encodeFrame(sent[i], i + 1))
      }
    })))
    const now = Date.now()
    out.push(await measure(STAGE, `frame decoded, each message and header verified, ${PER_FRAME} per frame`, frames * PER_FRAME, async timed => await timed(() => {
      for (const bytes of wire) {
        const read = readDeliverFrame(bytes)
        if (!read.ok) throw new Error(`${read.code}: ${read.message}`)
        read.req.messages.forEach((m, i) => {
          const c = verifyMessage(r.core, m, read.req.headers?.[i], now)
          if (!c.ok) throw new Error(`${c.code}: ${c.reason}`)
        })
      }
    })))
    const answers: Uint8Array[] = []
    out.push(await measure(STAGE, `DELIVERED answer batch-signed and encoded, ${PER_FRAME} per frame`, frames * PER_FRAME, async timed => await timed(() => {
      sent.forEach((frame, i) => {
        const receipts = signReceipts(rKey, frame.map(x => ({ messageId: x.msg.id, messageHash: x.hash, actor: to, state: 'DELIVERED', atMs: now, from: x.msg.from, header: x.header })))
        answers.push(deliverResponseToWire({ batchId: i + 1, results: receipts.map((rc, j) => ({ messageId: frame[j].msg.id, receipt: rc.envelope })), receiptResults: [] }))
      })
    })))
    out.push(await measure(STAGE, `DELIVERED answer decoded and each receipt checked at the sender, ${PER_FRAME} per frame`, frames * PER_FRAME, async timed => await timed(() => {
      answers.forEach((bytes, i) => {
        const res = deliverResponseFromWire(bytes)
        res.results.forEach((x, j) => {
          const m = sent[i][j]
          const c = checkReceipt(x.receipt as Uint8Array, { id: m.msg.id, hash: m.hash, from: m.msg.from, to, header: m.header }, rKey.publicKey) // the header it sent, held as the sender holds it
          if (!c.ok) throw new Error(`${c.code}: ${c.reason}`)
        })
      })
    })))
  } finally {
    homes.close()
    rmSync(root, { recursive: true, force: true })
  }
  return out
}
