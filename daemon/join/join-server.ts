// The inviting owner's end of /aios-comm/join/1: a valid one-time secret gets the joiner's seats endorsed and
// the cards this node holds; then the joiner's cards are taken under every rule, so the mesh trusts it.
import type { Connection, Stream } from '@libp2p/interface'
import { lpStream } from '@libp2p/utils'
import { MeshError, bytesEqual, keyText, sha256, signEndorsement, utf8, verifyAdmissionRequest } from '../../cards/index.js'
import { joinRequestFromWire, joinResponseToWire, type JoinResponseData } from '../../proto/index.js'
import type { Core } from '../core.js'
import { MAX_FRAME_BYTES } from '../messaging/index.js'
import { errorText } from '../runtime/errors.js'
import { acceptCardJson } from '../setup/cards.js'

const MAX_SEATS_PER_JOIN = 64

export async function serveJoin (core: Core, stream: Stream, connection: Connection, joining: Set<string>, addresses: () => string[]): Promise<void> {
  const remote = connection.remotePeer.toString()
  const lp = lpStream(stream, { maxDataLength: MAX_FRAME_BYTES })
  const refuse = async (code: string, message: string): Promise<void> => {
    core.log.warn('join refused', { peer: remote, code, message })
    await lp.write(joinResponseToWire({ endorsements: [], cards: [], bootstrap: [], errorCode: code, errorMessage: message }))
  }
  joining.add(remote)
  try {
    const first = joinRequestFromWire((await lp.read({ signal: AbortSignal.timeout(10_000) })).subarray())
    const owner = core.ctx.meshOwnerKey()
    if (owner === undefined) return await refuse('MESH_NOT_OWNER', 'this node does not hold the mesh owner key')
    if (first.requests.length === 0 || first.requests.length > MAX_SEATS_PER_JOIN) return await refuse('JOIN_NO_SEATS', `a join brings 1 to ${MAX_SEATS_PER_JOIN} admission requests`)
    const now = Date.now()
    const endorsements: Uint8Array[] = []
    for (const bytes of first.requests) {
      const v = verifyAdmissionRequest(bytes)
      if (!v.ok) return await refuse(v.code, v.reason)
      if (!bytesEqual(v.value.meshKey, owner.publicKey)) return await refuse('REQUEST_OTHER_MESH', `the request is for mesh ${keyText(v.value.meshKey)}`)
      const held = core.directory.get(v.value.handle)
      if (held !== undefined && !bytesEqual(held.actorKey, v.value.actorKey)) return await refuse('HANDLE_CONFLICT', `${v.value.handle} is already held by another key in this mesh`)
      if (core.directory.isRevoked(v.value.actorKey)) return await refuse('CARD_REVOKED', `key ${keyText(v.value.actorKey)} is revoked`)
      endorsements.push(signEndorsement(owner, v.value.handle, v.value.actorKey, now))
    }
    if (!core.store.invites.use(sha256(first.secret), remote, now)) return await refuse('INVITE_INVALID', 'the invitation is unknown, used or expired; ask for a new one')
    const response: JoinResponseData = { endorsements, cards: core.store.identity.cards().map(c => utf8(c.json)), bootstrap: addresses().map(a => `${a}/p2p/${core.peerId}`) }
    await lp.write(joinResponseToWire(response))

    const second = joinRequestFromWire((await lp.read({ signal: AbortSignal.timeout(10_000) })).subarray())
    for (const bytes of second.cards) {
      const json = Buffer.from(bytes).toString('utf8')
      if (JSON.parse(json)?.capabilities?.extensions?.[0]?.params?.peerId !== remote) throw new MeshError('CARD_MALFORMED', 'a joiner may only bring cards of its own seats')
      acceptCardJson(core.ctx, json)
    }
    core.directoryChanged()
    await lp.write(joinResponseToWire({ endorsements: [], cards: [], bootstrap: [] }))
    core.log.info('a node joined', { peer: remote, seats: second.cards.length })
    await stream.close()
  } catch (err) {
    core.log.warn('join failed', { peer: remote, error: errorText(err) })
    try {
      await refuse(err instanceof MeshError ? err.code : 'JOIN_FAILED', errorText(err))
    } catch {
      // the joiner is gone
    }
    stream.abort(err as Error)
  } finally {
    joining.delete(remote)
  }
}
