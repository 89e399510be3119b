// The inviting owner's end of /aios-comm/join/1: a valid one-time secret gets the joiner's seats endorsed and
// the cards this node holds; then the joiner's cards are taken under every rule, so the mesh trusts it. Nothing is
// looked at, endorsed or told before the secret checks out, and wrong secrets are limited per address.
import type { Connection, Stream } from '@libp2p/interface'
import { MeshError, refusalError, sha256, utf8, type ErrorCode } from '../../cards/index.js'
import { WireError, joinRequestFromWire, joinResponseToWire, type JoinResponseData } from '../../proto/index.js'
import type { Core } from '../core.js'
import { MAX_FRAME_BYTES, lengthPrefixed } from '../net/index.js'
import { errorText } from '../runtime/errors.js'
import { importCardJson } from '../directory/index.js'
import { endorseRequests, joinerCard } from './admit.js'
import { remoteHost, type GuessLimiter } from './guess-limit.js'

const READ_TIMEOUT_MS = 10_000 // each of the joiner's two frames
const CLOSE_TIMEOUT_MS = 2000

export interface JoinServerContext {
  /** Peers whose join is under way (secret verified): the gater lets them in, the untrusted sweep leaves them. */
  joining: Set<string>
  guesses: GuessLimiter
  addresses: () => string[]
}

export async function serveJoin (core: Core, stream: Stream, connection: Connection, j: JoinServerContext): Promise<void> {
  const remote = connection.remotePeer.toString()
  const from = remoteHost(connection.remoteAddr)
  const lp = lengthPrefixed(stream, { maxDataLength: MAX_FRAME_BYTES })
  const refuse = async (code: ErrorCode, message: string): Promise<void> => {
    core.events.emit('refused', { what: 'join', code, reason: message, peer: remote })
    if (code === 'JOIN_RATE_LIMITED') core.log.debug('join refused', { peer: remote, from, code })
    else core.log.warn('join refused', { peer: remote, from, code, message })
    await lp.write(joinResponseToWire({ endorsements: [], cards: [], bootstrap: [], errorCode: code, errorMessage: message }))
    await stream.close({ signal: AbortSignal.timeout(CLOSE_TIMEOUT_MS) }).catch(() => { stream.abort(new MeshError('STREAM_CLOSED', 'join stream closed')) })
  }
  try {
    const first = joinRequestFromWire((await lp.read({ signal: AbortSignal.timeout(READ_TIMEOUT_MS) })).subarray())
    const now = Date.now()
    // the secret first: a stranger without it learns nothing (not even whether its handles are free) and changes nothing
    if (!j.guesses.allows(from)) return await refuse('JOIN_RATE_LIMITED', 'too many wrong invitation secrets from this address; wait a minute and try again')
    const secretHash = sha256(first.secret)
    if (!core.store.invites.isOpen(secretHash, now)) {
      j.guesses.wrong(from)
      return await refuse('INVITE_INVALID', 'the invitation is unknown, used or expired; ask for a new one')
    }
    j.joining.add(remote)
    let owner
    try {
      owner = core.ctx.meshOwnerKey()
    } catch (err) {
      core.log.error('an invitation cannot be answered', { error: errorText(err) })
      return await refuse('MESH_KEY_MISSING', 'the inviting node has lost its mesh key')
    }
    if (owner === undefined) return await refuse('MESH_NOT_OWNER', 'this node does not hold the mesh owner key')
    const admitted = endorseRequests(core, owner, first.requests, now)
    if (!admitted.ok) return await refuse(admitted.code, admitted.reason)
    if (!core.store.invites.use(secretHash, remote, now)) return await refuse('INVITE_INVALID', 'the invitation is unknown, used or expired; ask for a new one')
    const response: JoinResponseData = { endorsements: admitted.endorsements, cards: core.store.identity.cards().map(c => utf8(c.json)), bootstrap: j.addresses().map(a => `${a}/p2p/${core.peerId}`) }
    await lp.write(joinResponseToWire(response))

    const second = joinRequestFromWire((await lp.read({ signal: AbortSignal.timeout(READ_TIMEOUT_MS) })).subarray())
    for (const bytes of second.cards) {
      const card = joinerCard(bytes, remote)
      if (!card.ok) throw refusalError(card)
      importCardJson(core.ctx, card.json)
    }
    core.directoryChanged()
    await lp.write(joinResponseToWire({ endorsements: [], cards: [], bootstrap: [] }))
    core.log.info('a node joined', { peer: remote, seats: second.cards.length })
    await stream.close()
  } catch (err) {
    core.log.warn('join failed', { peer: remote, error: errorText(err) })
    try {
      // a frame that does not decode is the joiner's (WIRE_MALFORMED, as on every other protocol), not a failed join
      await refuse(err instanceof MeshError || err instanceof WireError ? err.code : 'JOIN_FAILED', errorText(err))
    } catch {
      // the joiner is gone
    }
    stream.abort(err as Error)
  } finally {
    j.joining.delete(remote)
  }
}
