// The inviting owner's end of /aios-comm/join/1: a valid one-time secret gets the joiner's seats endorsed and
// the cards this node holds; then the joiner's cards are taken under every rule, so the mesh trusts it.
import type { Connection, Stream } from '@libp2p/interface'
import { lpStream } from '@libp2p/utils'
import { MeshError, refusalError, sha256, utf8 } from '../../cards/index.js'
import { joinRequestFromWire, joinResponseToWire, type JoinResponseData } from '../../proto/index.js'
import type { Core } from '../core.js'
import { MAX_FRAME_BYTES } from '../messaging/index.js'
import { errorText } from '../runtime/errors.js'
import { acceptCardJson } from '../setup/cards.js'
import { endorseRequests, joinerCard } from './admit.js'

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
    const now = Date.now()
    const admitted = endorseRequests(core, owner, first.requests, now)
    if (!admitted.ok) return await refuse(admitted.code, admitted.reason)
    const endorsements = admitted.endorsements
    if (!core.store.invites.use(sha256(first.secret), remote, now)) return await refuse('INVITE_INVALID', 'the invitation is unknown, used or expired; ask for a new one')
    const response: JoinResponseData = { endorsements, cards: core.store.identity.cards().map(c => utf8(c.json)), bootstrap: addresses().map(a => `${a}/p2p/${core.peerId}`) }
    await lp.write(joinResponseToWire(response))

    const second = joinRequestFromWire((await lp.read({ signal: AbortSignal.timeout(10_000) })).subarray())
    for (const bytes of second.cards) {
      const card = joinerCard(bytes, remote)
      if (!card.ok) throw refusalError(card)
      acceptCardJson(core.ctx, card.json)
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
