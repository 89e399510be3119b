// The new home's end of /aios-comm/join/1: trust the mesh named in the token, send the seats' admission
// requests with the secret, install the endorsements and cards that come back, send our cards, keep the
// inviter as a bootstrap peer.
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import { lpStream } from '@libp2p/utils'
import { MeshError, checkEndorsement, parseKeyText, signAdmissionRequest, utf8 } from '../../cards/index.js'
import { joinRequestToWire, joinResponseFromWire, type JoinResponseData } from '../../proto/index.js'
import type { MeshNode } from '../net/node.js'
import { MAX_FRAME_BYTES } from '../messaging/index.js'
import { saveConfig } from '../home/config.js'
import type { HomeContext } from '../setup/context.js'
import { actorAdd } from '../setup/actors.js'
import { acceptCardJson, refreshLocalCard } from '../setup/cards.js'
import { meshTrust } from '../setup/mesh.js'
import { JOIN_PROTOCOL, parseToken } from './token.js'

export interface JoinResult {
  meshKey: string
  inviter: string
  seats: string[]
  cards: number
}

export async function joinMesh (ctx: HomeContext, node: MeshNode, tokenText: string, handles: string[] = []): Promise<JoinResult> {
  const token = parseToken(tokenText)
  meshTrust(ctx, token.mesh)
  for (const h of handles) await actorAdd(ctx, h, { mesh: token.mesh })
  const seats = ctx.store.identity.actors().filter(a => a.endorsement === undefined)
  if (seats.length === 0) throw new MeshError('JOIN_NO_SEATS', 'no seat here waits for an endorsement; name one: aios-comm join TOKEN --handle HANDLE')
  const meshKey = parseKeyText(token.mesh) as Uint8Array
  const requests = seats.map(s => signAdmissionRequest(ctx.actorKey(s.handle), meshKey, s.handle, Date.now()))

  const pid = peerIdFromString(token.peer)
  await node.peerStore.merge(pid, { multiaddrs: token.addrs.map(a => multiaddr(a)) })
  let stream
  try {
    stream = await node.dialProtocol(pid, JOIN_PROTOCOL, { signal: AbortSignal.timeout(10_000) })
  } catch (err) {
    throw new MeshError('PEER_UNREACHABLE', `cannot reach the inviting node ${token.peer}: ${(err as Error).message}`, { cause: err })
  }
  const lp = lpStream(stream, { maxDataLength: MAX_FRAME_BYTES })
  const answer = async (): Promise<JoinResponseData> => {
    const r = joinResponseFromWire((await lp.read({ signal: AbortSignal.timeout(15_000) })).subarray())
    if (r.errorCode !== undefined) throw new MeshError(r.errorCode, `the inviting node refused: ${r.errorMessage ?? ''}`)
    return r
  }
  await lp.write(joinRequestToWire({ secret: token.secret, requests, cards: [] }))
  const first = await answer()
  if (first.endorsements.length !== seats.length) throw new MeshError('JOIN_FAILED', 'the inviting node answered with the wrong number of endorsements')
  seats.forEach((s, i) => {
    const e = checkEndorsement(first.endorsements[i], s.handle, ctx.actorKey(s.handle).publicKey, ctx.trustContext())
    if (!e.ok) throw new MeshError(e.code, `the endorsement for ${s.handle} does not check: ${e.reason}`)
    ctx.store.identity.setEndorsement(s.handle, first.endorsements[i])
  })
  let cards = 0
  for (const bytes of first.cards) {
    try {
      if (acceptCardJson(ctx, Buffer.from(bytes).toString('utf8')).status !== 'unchanged') cards++
    } catch {
      // a card we cannot accept (stale, conflicting) is left out; sync brings the truth later
    }
  }
  const mine = await Promise.all(seats.map(async s => utf8((await refreshLocalCard(ctx, s.handle)).json)))
  await lp.write(joinRequestToWire({ secret: new Uint8Array(0), requests: [], cards: mine }))
  await answer()
  await stream.close()
  const bootstrap = [...new Set([...ctx.config.bootstrap, ...first.bootstrap])]
  ctx.config.bootstrap.splice(0, ctx.config.bootstrap.length, ...bootstrap)
  saveConfig(ctx.paths.config, ctx.config)
  return { meshKey: token.mesh, inviter: token.peer, seats: seats.map(s => s.handle), cards }
}
