// /aios-comm/cards/1: a trusted peer asks which seats this node hosts and gets their signed cards. One request (a
// skill id, or empty for every seat), one answer, one stream. A peer that hosts no trusted actor gets nothing; the
// answer holds at most MAX_CARDS_ANSWER cards in one frame. The asking end reads at most one frame of the mesh's
// frame limit and refuses an answer of more cards than that, so a provider can cost it no more.
import type { Connection, Stream } from '@libp2p/interface'
import { peerIdFromString } from '@libp2p/peer-id'
import { MeshError, utf8 } from '../../cards/index.js'
import { cardsAnswerFromWire, cardsAnswerToWire, cardsRequestFromWire, cardsRequestToWire } from '../../proto/index.js'
import type { Core } from '../core.js'
import { MAX_FRAME_BYTES, type MeshNode, lengthPrefixed } from '../net/index.js'

export const CARDS_PROTOCOL = '/aios-comm/cards/1'
export const MAX_CARDS_ANSWER = 64 // cards in one answer: a node hosts a handful of seats
const MAX_REQUEST_BYTES = 1024 // a skill id is at most 64 bytes
const READ_TIMEOUT_MS = 5000
const FRAME_SLACK = 64 // a card's field tag and length prefix, and the frame's own

/** The cards of the valid seats hosted here that state `skill` (every one when empty), within the answer's bounds. */
export function hostedCards (core: Core, skill: string): Uint8Array[] {
  const out: Uint8Array[] = []
  let bytes = 0
  for (const c of core.directory.all()) {
    if (!c.local || c.peerId !== core.peerId || !core.directory.check(c.handle).ok) continue
    if (skill !== '' && !(c.skills ?? []).some(s => s.id === skill)) continue
    const row = core.store.identity.card(c.handle)
    if (row === undefined) continue
    const json = utf8(row.json)
    if (out.length >= MAX_CARDS_ANSWER || bytes + json.byteLength + FRAME_SLACK > MAX_FRAME_BYTES) break
    out.push(json)
    bytes += json.byteLength + FRAME_SLACK
  }
  return out
}

export async function serveCards (core: Core, stream: Stream, connection: Connection): Promise<void> {
  const remote = connection.remotePeer.toString()
  if (!core.directory.isTrustedPeer(remote)) {
    core.events.emit('refused', { what: 'stream', code: 'PEER_NOT_TRUSTED', reason: 'cards are served only to peers that host a trusted actor', peer: remote })
    stream.abort(new MeshError('PEER_NOT_TRUSTED', `${CARDS_PROTOCOL} is served only to peers that host a trusted actor`))
    return
  }
  const lp = lengthPrefixed(stream, { maxDataLength: MAX_REQUEST_BYTES })
  let skill: string
  try {
    skill = cardsRequestFromWire((await lp.read({ signal: AbortSignal.timeout(READ_TIMEOUT_MS) })).subarray()).skill
  } catch {
    stream.abort(new Error('no cards request, or one that does not decode'))
    return
  }
  await lp.write(cardsAnswerToWire({ cards: hostedCards(core, skill) }))
  await stream.close({ signal: AbortSignal.timeout(READ_TIMEOUT_MS) }).catch(() => { stream.abort(new Error('cards stream closed')) })
}

/** Asks `peer` for the cards of its seats that state `skill`: the card texts as sent, unchecked (the caller checks each). */
export async function askCards (node: MeshNode, peer: string, skill: string, signal: AbortSignal): Promise<string[]> {
  const stream = await node.dialProtocol(peerIdFromString(peer), CARDS_PROTOCOL, { signal })
  try {
    const lp = lengthPrefixed(stream, { maxDataLength: MAX_FRAME_BYTES })
    await lp.write(cardsRequestToWire({ skill }), { signal })
    const answer = cardsAnswerFromWire((await lp.read({ signal })).subarray())
    if (answer.cards.length > MAX_CARDS_ANSWER) throw new MeshError('CARD_MALFORMED', `${answer.cards.length} cards in one answer; at most ${MAX_CARDS_ANSWER}`)
    await stream.close({ signal }).catch(() => {})
    return answer.cards.map(c => Buffer.from(c).toString('utf8'))
  } catch (err) {
    stream.abort(err as Error)
    throw err
  }
}
