// The state every daemon part shares: the open home, the directory, local seats' keys and an event bus.
import type { RetentionView } from './retention/index.js'
import { EventEmitter } from 'node:events'
import { MeshError, type KeyPair, type ErrorCode } from '../cards/index.js'
import type { Directory } from './directory/index.js'
import type { SkillSearch } from './sync/index.js'
import type { HomeContext } from './home/context.js'
import type { Store } from './store/index.js'
import type { Logger } from './runtime/log.js'
import type { MeshNode } from './net/index.js'
import { releaseSeat } from './setup/seat-move.js'
import { NODE_CALLER, checkSeatAccess, maySeat, type Caller } from './access/index.js'

export interface CoreEvents {
  /** A message for a local seat was committed (wake it); `queued`: its wake-queue row went in the same commit. */
  'message:in': [{ id: Uint8Array, to: string, from: string, queued?: boolean }]
  /** A receipt was stored and the obligation's state may have moved. */
  receipt: [{ messageId: Uint8Array, state: string, actor: string }]
  /** A lease fact on role work was stored (granted, renewed or released). */
  lease: [{ messageId: Uint8Array, holder: string, fence: number, kind: string, expiresAtMs: number }]
  /** New outbox work. */
  'outbox:kick': []
  /** Cards, seats or trust changed. */
  'directory:changed': []
  /** The fact log grew (emitted once per event-loop turn, after the writing transaction). */
  'facts:appended': []
  /** A local seat signed a new message and queued it. */
  'message:out': [{ id: Uint8Array, from: string, to: string }]
  /** The outbox sent a message to its destination seat's node (or handed it over here) and heard back, or failed to. */
  'message:deliver': [DeliverAttempt]
  /** A wake attempt ended (recorded in the store first). */
  wake: [WakeEvent]
  /** A peer node connected (its first connection) or disconnected (its last). */
  peer: [{ peerId: string, status: 'up' | 'down' }]
  /** The wall clock moved by `deltaMs` more than the time that passed (the machine slept, or the clock was set). */
  'clock:jumped': [{ deltaMs: number }]
  /** Something a peer or this node's outbox sent failed verification and was refused. */
  refused: [{ what: 'message' | 'receipt' | 'fact' | 'stream' | 'join', code: ErrorCode, reason: string, peer?: string }]
}

/** What the control routes, the status report and the UI may ask of the running node. */
export interface NodeView {
  node: () => MeshNode
  peerId: () => string
  addresses: () => string[]
  peers: () => Array<{ peerId: string, addresses: string[], connected: boolean, handles: string[], latencyMs?: number, sync?: unknown, links?: Array<{ address: string, encryption?: string, limited: boolean }>, downSince?: string, cutOff?: string }>
  truth: () => { facts: number, head: number, gossip?: unknown }
  /** How the node is reachable from other networks: relay serving and the public addresses peers confirmed. */
  reach: () => { relayServing: boolean, confirmedPublic: string[] }
  startedAtMs: number
  /** The retention policy with the store's size and age (absent before the retention service starts). */
  retention?: () => RetentionView | undefined
}

/** One delivery attempt of one message from this node's outbox. */
export interface DeliverAttempt {
  messageId: Uint8Array
  /** The seat the outbox row is for (one of a role's seats, or the recipient). */
  dest: string
  /** The node it was sent to; this node's own id for a seat hosted here. */
  peerId: string
  /** When the outbox row was made (the message committed), when this attempt left and when its answer came. */
  queuedAtMs: number
  startMs: number
  endMs: number
  outcome: 'delivered' | 'retry' | 'failed'
  error?: string
}

/** The span of one send, begun before the message is signed so that its context can travel inside it. */
export interface SendSpan {
  /** The W3C traceparent to sign into the message. */
  readonly traceparent: string
  /** The message is committed and queued. */
  sent: (messageId: Uint8Array, bodyBytes: number) => void
  failed: (err: unknown) => void
}

/** Set on the core while traces are exported. */
export interface SendTracer {
  send: (from: string, to: string) => SendSpan
}

export interface WakeEvent {
  handle: string
  newest: Uint8Array
  count: number
  result: 'ok' | 'failed'
  code?: string
  error?: string
  durationMs: number
}

export class Core {
  readonly events = new EventEmitter<CoreEvents>()
  private readonly keys = new Map<string, KeyPair>()
  /** Set by the daemon: finds a card the directory misses (in the DHT); true when one was learned. */
  lookupCard?: (handle: string) => Promise<boolean>
  /** Set by the daemon: whether a peer node reads timed message ids (its identify or its deliver stream said so). */
  readsTimedIds?: (peerId: string) => boolean
  /** Set by the daemon: asks the DHT's providers of a skill id, other than the nodes in `known`, for their cards. */
  searchSkill?: (skill: string, known: ReadonlySet<string>) => Promise<SkillSearch>
  /** Set by the daemon: sends a signed lease request to the sender's node and returns the signed lease (or throws its refusal). */
  askAuthority?: (peerId: string, request: Uint8Array) => Promise<Uint8Array>
  /** Set by the daemon while traces are exported (`--otlp-endpoint`): the send span whose context a message carries. */
  tracer?: SendTracer

  constructor (
    readonly ctx: HomeContext,
    readonly directory: Directory,
    readonly peerId: string,
    readonly log: Logger
  ) {
    this.events.setMaxListeners(100)
    let scheduled = false
    ctx.store.facts.onAppend = () => {
      if (scheduled) return
      scheduled = true
      setImmediate(() => { scheduled = false; this.events.emit('facts:appended') })
    }
  }

  get store (): Store {
    return this.ctx.store
  }

  /** A local seat's key, cached; ACTOR_NOT_LOCAL when the seat is not hosted here. */
  seatKey (handle: string): KeyPair {
    let k = this.keys.get(handle)
    if (k === undefined) {
      const a = this.store.identity.actor(handle)
      if (a === undefined || !a.hosted) throw new MeshError('ACTOR_NOT_LOCAL', `${handle} is not a seat hosted on this node`)
      k = this.ctx.actorKey(handle)
      this.keys.set(handle, k)
    }
    return k
  }

  /**
   * The acting seat: the one named, else the seat of the caller's token (seat socket), else the only seat hosted
   * here; and the caller may act as it (an isolated seat needs its token).
   */
  actingSeat (as: string | undefined, caller: Caller = NODE_CALLER): string {
    const handle = this.resolveSeat(as !== undefined && as !== '' ? as : caller.via === 'seat' ? caller.seat : undefined)
    this.authorizeSeat(handle, caller)
    return handle
  }

  /** Refuses (SEAT_TOKEN_REQUIRED / SEAT_TOKEN_INVALID) a caller that may not act as this seat. Every action as a
   * seat comes through here: notify and the inbox by actingSeat, read/consume/ack/reject for the message's recipient. */
  authorizeSeat (handle: string, caller: Caller = NODE_CALLER): void {
    checkSeatAccess(this.store.seatTokens, handle, caller)
  }

  /** The hosted seats this caller may act as: for views over several seats, such as the inbox of all. */
  seatsFor (caller: Caller = NODE_CALLER): string[] {
    return this.store.identity.actors().map(a => a.handle).filter(h => maySeat(this.store.seatTokens, h, caller))
  }

  private resolveSeat (as?: string): string {
    if (as !== undefined) {
      const a = this.store.identity.actor(as)
      if (a === undefined || !a.hosted) throw new MeshError('ACTOR_NOT_LOCAL', `${as} is not a seat hosted on this node (see aios-comm actor list)`)
      return as
    }
    const seats = this.store.identity.actors()
    if (seats.length === 1) return seats[0].handle
    throw new MeshError('ACTOR_AMBIGUOUS', seats.length === 0 ? 'this node hosts no seat; run aios-comm actor add HANDLE' : 'this node hosts several seats; name one with --as HANDLE or AIOS_ACTOR')
  }

  directoryChanged (): void {
    this.keys.clear()
    this.directory.reload()
    this.releaseMovedSeats()
    this.events.emit('directory:changed')
    this.events.emit('outbox:kick') // destinations may have moved
  }

  /** A hosted seat whose newest valid card names another node has moved there: release it and hand over. */
  private releaseMovedSeats (): void {
    for (const seat of this.store.identity.actors()) {
      const current = this.directory.get(seat.handle)
      if (current === undefined || current.peerId === this.peerId) continue
      const n = releaseSeat(this.store, seat.handle)
      this.log.info('seat moved away', { handle: seat.handle, to: current.peerId, handoff: n })
      this.keys.delete(seat.handle)
      this.directory.reload()
    }
  }
}
