// The new home's end of /aios-comm/join/1: send the seats' admission requests with the secret, check the
// endorsements that come back against the token's mesh, send our cards signed with them; only when the inviter has
// taken them is the mesh trusted here and everything the join brought stored (endorsements, our cards, the
// inviter's cards, the inviter as a bootstrap peer). A join that fails anywhere leaves this home's trust as it was.
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import { MeshError, wireError, checkEndorsement, parseKeyText, signAdmissionRequest, utf8, type TrustContext } from '../../cards/index.js'
import { joinRequestToWire, joinResponseFromWire, type JoinResponseData } from '../../proto/index.js'
import { type MeshNode, MAX_FRAME_BYTES, lengthPrefixed } from '../net/index.js'
import { loadConfig, updateConfig } from '../home/config.js'
import type { HomeContext } from '../home/context.js'
import { actorAdd } from '../setup/actors.js'
import { nextLocalCard } from '../setup/cards.js'
import { importCardJson } from '../directory/index.js'
import { meshTrust } from '../setup/mesh.js'
import { JOIN_PROTOCOL, parseToken } from './token.js'

const DIAL_TIMEOUT_MS = 10_000
const ANSWER_TIMEOUT_MS = 15_000

export interface JoinResult {
  meshKey: string
  inviter: string
  seats: string[]
  cards: number
}

export async function joinMesh (ctx: HomeContext, node: MeshNode, tokenText: string, handles: string[] = []): Promise<JoinResult> {
  const token = parseToken(tokenText)
  const meshKey = parseKeyText(token.mesh) as Uint8Array
  loadConfig(ctx.paths.config) // the bootstrap peers a join brings go into the file as it is now: one made invalid meanwhile is refused before anything
  for (const h of handles) await actorAdd(ctx, h, { requestMesh: meshKey })
  const seats = ctx.store.identity.actors().filter(a => a.endorsement === undefined)
  if (seats.length === 0) throw new MeshError('JOIN_NO_SEATS', 'no seat here waits for an endorsement; name one: aios-comm join TOKEN --handle HANDLE')
  const requests = seats.map(s => signAdmissionRequest(ctx.actorKey(s.handle), meshKey, s.handle, Date.now()))
  // the token's mesh, trusted for checking what the inviter answers and nothing else until the join has succeeded
  const trust: Omit<TrustContext, 'held'> = { ...ctx.trustContext(), trustedMeshes: new Set([...ctx.trustedMeshes(), token.mesh]) }

  const pid = peerIdFromString(token.peer)
  await node.peerStore.merge(pid, { multiaddrs: token.addrs.map(a => multiaddr(a)) })
  let stream
  try {
    await node.services.dialer.connect(token.peer, token.addrs)
    stream = await node.dialProtocol(pid, JOIN_PROTOCOL, { signal: AbortSignal.timeout(DIAL_TIMEOUT_MS) })
  } catch (err) {
    throw new MeshError('PEER_UNREACHABLE', `cannot reach the inviting node ${token.peer}: ${(err as Error).message}`, { cause: err })
  }
  const lp = lengthPrefixed(stream, { maxDataLength: MAX_FRAME_BYTES })
  const answer = async (): Promise<JoinResponseData> => {
    const r = joinResponseFromWire((await lp.read({ signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) })).subarray())
    if (r.errorCode !== undefined) throw wireError(r.errorCode, `the inviting node refused: ${r.errorMessage ?? ''}`, 'PEER_CODE_UNKNOWN')
    return r
  }
  let first: JoinResponseData
  let mine: Array<Awaited<ReturnType<typeof nextLocalCard>>>
  try {
    await lp.write(joinRequestToWire({ secret: token.secret, requests, cards: [] }))
    first = await answer()
    if (first.endorsements.length !== seats.length) throw new MeshError('JOIN_FAILED', 'the inviting node answered with the wrong number of endorsements')
    seats.forEach((s, i) => {
      const e = checkEndorsement(first.endorsements[i], s.handle, ctx.actorKey(s.handle).publicKey, trust)
      if (!e.ok) throw new MeshError(e.code, `the endorsement for ${s.handle} does not check: ${e.reason}`)
    })
    // our cards, signed with the new endorsements but not stored: the inviter must take the very cards we keep
    mine = await Promise.all(seats.map(async (s, i) => await nextLocalCard(ctx, s.handle, { endorsement: first.endorsements[i] })))
    await lp.write(joinRequestToWire({ secret: new Uint8Array(0), requests: [], cards: mine.map(c => utf8(c.card.json)) }))
    await answer()
  } catch (err) {
    stream.abort(err as Error)
    throw err
  }
  await stream.close().catch(() => { stream.abort(new MeshError('STREAM_CLOSED', 'join stream closed')) }) // the join is done either way

  // the inviter took our cards: the join succeeded, and only now does this home trust the mesh and keep what it brought
  let cards = 0
  ctx.store.tx(() => {
    meshTrust(ctx, token.mesh)
    seats.forEach((s, i) => ctx.store.identity.setEndorsement(s.handle, first.endorsements[i]))
    for (const c of mine) if (c.row !== undefined) ctx.store.identity.putCard(c.row)
    for (const bytes of first.cards) {
      try {
        if (importCardJson(ctx, Buffer.from(bytes).toString('utf8')).status !== 'unchanged') cards++
      } catch {
        // a card we cannot accept (stale, conflicting) is left out; sync brings the truth later
      }
    }
  })
  const bootstrap = [...new Set([...ctx.config.bootstrap, ...first.bootstrap])]
  ctx.config.bootstrap.splice(0, ctx.config.bootstrap.length, ...bootstrap)
  updateConfig(ctx.paths.config, onDisk => ({ bootstrap: [...new Set([...onDisk.bootstrap, ...first.bootstrap])] }))
  return { meshKey: token.mesh, inviter: token.peer, seats: seats.map(s => s.handle), cards }
}
