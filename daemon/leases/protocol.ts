// /aios-comm/lease/1: a seat's node asks the sender's node for a lease. One request, one answer, one stream. The
// request is signed by the seat, comes from the node its card names and is recent; the answer is the signed lease or
// a refusal with a code. Only peers that host a trusted actor are served.
import type { Connection, Stream } from '@libp2p/interface'
import { lengthPrefixed } from '../net/index.js'
import { MeshError, isErrorCode, verifyEnvelope } from '../../cards/index.js'
import { PAYLOAD_TYPES, envelopeFromWire, leaseAnswerFromWire, leaseAnswerToWire, leaseRequestFromWire, type LeaseAnswerData, type LeaseRequestData } from '../../proto/index.js'
import type { Core } from '../core.js'
import { decideLease } from './authority.js'

export const LEASE_PROTOCOL = '/aios-comm/lease/1'
export const MAX_LEASE_FRAME_BYTES = 16 * 1024 // a request is a few hundred bytes; a lease carries a header (~300)
/** A request signed longer ago than this (or this far in the future) is refused: no replay, and clocks roughly agree. */
export const REQUEST_WINDOW_MS = 5 * 60_000
const READ_TIMEOUT_MS = 5000
export const ASK_TIMEOUT_MS = 10_000

/** Checks a signed request as the authority does: decodes, verifies its seat's signature and its time. */
export function openRequest (bytes: Uint8Array, nowMs: number): { request: LeaseRequestData, signer: Uint8Array } {
  let request: LeaseRequestData
  let signer: Uint8Array
  try {
    const env = envelopeFromWire(bytes)
    const v = verifyEnvelope(env, PAYLOAD_TYPES.leaseRequest)
    if (!v.ok) throw new MeshError('LEASE_INVALID', `the lease request: ${v.reason}`)
    request = leaseRequestFromWire(env.payload)
    signer = env.signer
  } catch (err) {
    if (err instanceof MeshError) throw err
    throw new MeshError('LEASE_INVALID', 'the lease request does not decode')
  }
  if (Math.abs(nowMs - request.atMs) > REQUEST_WINDOW_MS) throw new MeshError('LEASE_REQUEST_STALE', `the lease request was signed at ${new Date(request.atMs).toISOString()}; it is ${new Date(nowMs).toISOString()} here`)
  return { request, signer }
}

/** Decides a request that came from `fromPeer` (undefined: from a seat on this node). */
export async function answerRequest (core: Core, bytes: Uint8Array, fromPeer: string | undefined): Promise<LeaseAnswerData> {
  try {
    const { request, signer } = openRequest(bytes, Date.now())
    if (fromPeer !== undefined) {
      const card = core.directory.get(request.seat)
      if (card === undefined || card.peerId !== fromPeer) throw new MeshError('LEASE_INVALID', `${request.seat} is not hosted by the node that asked`)
    }
    const lease = await decideLease(core, { op: request.op, messageId: request.messageId, seat: request.seat, durationMs: request.durationMs, fence: request.fence }, signer)
    return { lease }
  } catch (err) {
    if (err instanceof MeshError) return { errorCode: err.code, errorMessage: err.message }
    core.log.error('lease request failed', { error: String(err) })
    return { errorCode: 'INTERNAL', errorMessage: 'the lease could not be decided' }
  }
}

export async function serveLease (core: Core, stream: Stream, connection: Connection): Promise<void> {
  const remote = connection.remotePeer.toString()
  const lp = lengthPrefixed(stream, { maxDataLength: MAX_LEASE_FRAME_BYTES })
  const answer = async (a: LeaseAnswerData): Promise<void> => {
    await lp.write(leaseAnswerToWire(a))
    await stream.close({ signal: AbortSignal.timeout(READ_TIMEOUT_MS) }).catch(() => { stream.abort(new Error('lease stream closed')) })
  }
  if (!core.directory.isTrustedPeer(remote)) {
    core.events.emit('refused', { what: 'stream', code: 'PEER_NOT_TRUSTED', reason: 'a lease is asked only by peers that host a trusted actor', peer: remote })
    return await answer({ errorCode: 'PEER_NOT_TRUSTED', errorMessage: 'this peer hosts no actor this node trusts' })
  }
  let frame
  try {
    frame = await lp.read({ signal: AbortSignal.timeout(READ_TIMEOUT_MS) })
  } catch {
    stream.abort(new Error('no lease request, or one over the size limit'))
    return
  }
  const a = await answerRequest(core, frame.subarray(), remote)
  if (a.errorCode !== undefined && a.errorCode !== 'LEASE_HELD') core.log.info('lease refused', { peer: remote, code: a.errorCode, reason: a.errorMessage })
  await answer(a)
}

/** Asks the node `peer` (the sender's) with a signed request; a refusal becomes its MeshError. */
export async function askLease (dial: (peer: string, protocol: string, signal: AbortSignal) => Promise<Stream>, peer: string, request: Uint8Array): Promise<Uint8Array> {
  const signal = AbortSignal.timeout(ASK_TIMEOUT_MS)
  let a: LeaseAnswerData
  try {
    const stream = await dial(peer, LEASE_PROTOCOL, signal)
    const lp = lengthPrefixed(stream, { maxDataLength: MAX_LEASE_FRAME_BYTES })
    await lp.write(request, { signal })
    a = leaseAnswerFromWire((await lp.read({ signal })).subarray())
    await stream.close().catch(() => {})
  } catch (err) {
    throw new MeshError('LEASE_AUTHORITY_UNREACHABLE', `the sender's node ${peer} did not answer: ${err instanceof Error ? err.message : String(err)}`)
  }
  if (a.lease !== undefined) return a.lease
  const code = isErrorCode(a.errorCode) ? a.errorCode : 'INTERNAL'
  throw new MeshError(code, a.errorMessage ?? 'the sender\'s node refused the lease')
}
