// The control API's methods, each with its params and its result: the one table the daemon's routes, the CLI's
// client, the MCP server and the A2A bridge are all typed by. A route that does not match its entry fails tsc.
import type { Caller } from '../access/index.js'
import type { AuditResult, InboxItem, MessageView, NotifyResult, ObligationView, OutboxItem, ReadResult, SentItem, StepResult, ThreadResult } from '../messaging/index.js'
import type { ObligationWake, WakeView } from '../wake/index.js'
import type { FindReport, JourneyStep, NodeReport, ObservedEvent, RoleReport } from '../observe/index.js'
import type { ActorAddResult, ActorView, CardVerdict, ImportStatus, RenewResult, SeatTokenResult, SkillInput, WhoamiResult } from '../setup/index.js'
import type { AgentCard } from '../../cards/index.js'
import type { JoinResult } from '../join/index.js'
import type { DaemonDoctor } from '../doctor/node.js'
import type { A2AForgetResult, A2APinView, A2AResult } from '../a2a-client/index.js'
import type { LeaseView } from '../leases/index.js'
import type { CompactionReport, RetentionView } from '../retention/index.js'

/** A seat acting: omitted, the token's seat, or the only seat. */
interface Acting { as?: string }
interface OnObligation { obligation: string }
type NoParams = Record<string, never>

export type ReceiptLevel = 'DELIVERED' | 'READ' | 'CONSUMED' | 'COMPLETE' | 'AUDITED'

export interface NotifyParams extends Acting {
  to: string
  /** The body as text, or `body` as base64. */
  text?: string
  body?: string
  contentType?: string
  require?: ReceiptLevel
  thread?: string
  ttlMs?: number
  idempotencyKey?: string
  /** The seat that judges the COMPLETE (a handle or role:NAME); implies require AUDITED. */
  auditor?: string
  /** Answer once the obligation reaches this state (or a later or final one, or EXPIRED/FAILED), as `wait` does. */
  wait?: string
  /** How long `wait` may take (default 30 s, at most 600 s); when it runs out the answer is still the sent obligation, timedOut. */
  waitMs?: number
}

/** notify's answer; with `wait`, `state` is the state reached, and `timedOut` is set when the wait ran out first. */
export interface NotifyAnswer extends NotifyResult {
  timedOut?: boolean
}

export interface StatusResult extends ObligationView {
  wake?: ObligationWake
  journey: JourneyStep[]
  done: boolean
  /** One line on the whole journey (e.g. "evidence ok"). */
  verdict: string
}

/** `links`: the open connections; `downSince`: not connected since then; `cutOff`: why this node refuses the peer (revoked, endorsement expired). */
export interface PeerView { peerId: string, addresses: string[], connected: boolean, handles: string[], latencyMs?: number, sync?: unknown, links?: LinkView[], downSince?: string, cutOff?: string }
/** One open connection to a peer: its address (a relayed one holds /p2p-circuit), its encryption, whether it is limited. */
export interface LinkView { address: string, encryption?: string, limited: boolean }

export interface WhereResult {
  handle: string
  peerId: string
  addresses: string[]
  seq: number
  carrier?: string
  model?: string
  pane?: string
  local: boolean
  updatedAt: string
  ageSeconds: number
  valid: boolean
  problem?: string
  /** The ids of the skills its card states, and its MCP tools as SERVER/TOOL; left out when none. */
  skills?: string[]
  tools?: string[]
}

export interface ActorAddParams {
  handle: string
  carrier?: string
  pane?: string
  tmuxSocket?: string
  model?: string
  requireEnv?: string[]
  mesh?: string
  requireFile?: string[]
  probe?: string
  command?: string
  commandTimeoutMs?: number
  wakeDelayMs?: number
  isolated?: boolean
  /** Replaces the seat's roles ([] drops them); left out, an existing seat keeps its own. */
  roles?: string[]
  /** Replaces the seat's skills ([] drops them and its MCP servers); with skillsFile, added to the manifest's. */
  skills?: SkillInput[]
  /** A manifest on this node (JSON: skills, mcp, model) that replaces the seat's skills and MCP servers. */
  skillsFile?: string
}

export interface InviteResult { token: string, expiresAt: string, peerId: string, addrs: string[], meshKey: string }

/** method → { params, result } for every request/answer method. */
export interface ControlMethods {
  'node.status': { params: NoParams, result: NodeReport }
  notify: { params: NotifyParams, result: NotifyAnswer }
  inbox: { params: Acting & { all?: boolean }, result: InboxItem[] }
  read: { params: Acting & OnObligation, result: ReadResult }
  consume: { params: Acting & OnObligation, result: StepResult }
  ack: { params: Acting & OnObligation & { sentence: string, file?: string }, result: StepResult & { evidence: { path: string, sha256: string, size: number } } }
  reject: { params: Acting & OnObligation & { reason: string }, result: StepResult }
  // AUDITED: the auditor the sender named judges the recipient's COMPLETE
  audit: { params: Acting & OnObligation & { verdict: string, sentence: string, file?: string }, result: AuditResult }
  status: { params: OnObligation, result: StatusResult }
  wait: { params: OnObligation & { state?: string, timeoutMs?: number }, result: { obligation: string, state: string } }
  outbox: { params: { all?: boolean }, result: OutboxItem[] }
  retry: { params: OnObligation, result: { obligation: string, retried: number } }
  // CANCELED: the sender withdraws an obligation
  cancel: { params: Acting & OnObligation & { reason?: string }, result: StepResult }
  // roles and leases: a seat takes role work, keeps it, gives it back
  claim: { params: Acting & OnObligation & { leaseMs?: number }, result: LeaseView }
  renew: { params: Acting & OnObligation & { leaseMs?: number }, result: LeaseView }
  release: { params: Acting & OnObligation, result: LeaseView }
  peers: { params: NoParams, result: PeerView[] }

  'mesh.create': { params: NoParams, result: { meshKey: string, created: boolean } }
  'mesh.show': { params: NoParams, result: { meshKey?: string, trusted: Array<{ meshKey: string, owned: boolean }> } }
  'mesh.trust': { params: { key: string }, result: { meshKey: string } }
  'mesh.admit': { params: { request: string, out?: string, days?: number, expiresInMs?: number }, result: { path: string, handle: string, actorKey: string, expiresAt: string } }
  'mesh.revoke': { params: { target: string, reason?: string }, result: { actorKey: string, handle?: string, revoked: boolean } }
  'mesh.renew': { params: { handle: string, days?: number, expiresInMs?: number }, result: RenewResult }
  'actor.add': { params: ActorAddParams, result: ActorAddResult }
  'actor.endorse': { params: { handle: string, file: string }, result: { handle: string, meshKey: string, expiresAt: string } }
  'actor.token': { params: { handle: string, rotate?: boolean, remove?: boolean }, result: SeatTokenResult }
  'actor.list': { params: NoParams, result: ActorView[] }
  'actor.export': { params: { handle: string, out?: string }, result: { path: string, handle: string, handoff: number } }
  'actor.import': { params: { file: string, pane?: string, tmuxSocket?: string }, result: { handle: string, seq: number } }
  'card.show': { params: { handle?: string }, result: AgentCard }
  'card.verify': { params: { file: string }, result: CardVerdict }
  'card.import': { params: { file: string }, result: { handle: string, seq: number, status: ImportStatus } }

  where: { params: { handle: string }, result: WhereResult }
  // roles: the seats whose valid cards state a role (where role:NAME)
  'where.role': { params: { role: string }, result: RoleReport }
  // capabilities: the seats whose valid cards state a skill, a tag or an MCP tool, best first (find); dht: also the
  // skill's providers in the DHT
  find: { params: { skill?: string, tag?: string, tool?: string, dht?: boolean }, result: FindReport }
  invite: { params: { ttlMs?: number }, result: InviteResult }
  join: { params: { token: string, handles?: string[] }, result: JoinResult }
  wakes: { params: { handle?: string, limit?: number }, result: WakeView[] }
  doctor: { params: NoParams, result: DaemonDoctor }
  /** The retention policy, the store's size and age, the last and next compaction. */
  retention: { params: NoParams, result: RetentionView }
  /** Changes the policy (a field left out keeps its value; purgeAfterMs null: never purge). */
  'retention.set': { params: { archiveAfterMs?: number, purgeAfterMs?: number | null }, result: RetentionView }
  /** Compacts now and answers with what it did. */
  'retention.run': { params: NoParams, result: CompactionReport }

  // MCP resources: one message of the acting seat (sent or received), shown without issuing READ
  message: { params: Acting & OnObligation, result: MessageView }
  // A seat's own views and its reply (the MCP tools whoami, thread, outbox and reply)
  whoami: { params: Acting, result: WhoamiResult }
  thread: { params: Acting & { thread: string }, result: ThreadResult }
  sent: { params: Acting & { all?: boolean }, result: SentItem[] }
  reply: { params: Acting & OnObligation & { text: string, contentType?: string, idempotencyKey?: string }, result: NotifyResult & { thread: string } }
  // the A2A client: a seat sends to an outside A2A agent and its answer is witnessed (node's user only: not on the seat socket)
  'a2a.send': { params: Acting & { url: string, text: string, waitMs?: number, acceptNewKey?: boolean, allowUnsigned?: boolean, idempotencyKey?: string }, result: A2AResult }
  'a2a.get': { params: OnObligation, result: A2AResult }
  'a2a.pins': { params: NoParams, result: A2APinView[] }
  'a2a.forget': { params: { url: string }, result: A2AForgetResult }
}

/** method → { params, event } for every subscription: one answer `{ subscribed }`, then events. */
export interface ControlStreams {
  watch: { params: { types?: string[] }, event: ObservedEvent }
}

export type Method = keyof ControlMethods
export type StreamMethod = keyof ControlStreams
export type ParamsOf<M extends Method> = ControlMethods[M]['params']
export type ResultOf<M extends Method> = ControlMethods[M]['result']
export type StreamParamsOf<S extends StreamMethod> = ControlStreams[S]['params']
export type EventOf<S extends StreamMethod> = ControlStreams[S]['event']

/**
 * Params as a route receives them: off the wire, so each named field is still unchecked (params.ts checks it),
 * and only fields its entry names can be read.
 */
export type WireParams<P> = { readonly [K in keyof P]?: unknown }

/** A route acts for its caller; a caller left out is the node's user presenting no seat token. */
export type Handler<M extends Method> = (params: WireParams<ParamsOf<M>>, caller?: Caller) => Promise<ResultOf<M>> | ResultOf<M>

/** A subscription: validates its params (throwing a coded error), then sends events until the returned stop is called. */
export type StreamHandler<S extends StreamMethod> = (params: WireParams<StreamParamsOf<S>>, send: (event: EventOf<S>) => void, caller?: Caller) => () => void

/** Every method's route: a method left out, or a route of the wrong type, fails tsc. */
export type RouteTable = { [M in Method]: Handler<M> }
export type StreamTable = { [S in StreamMethod]: StreamHandler<S> }

/** One call as data (the MCP tools build these): a method and its params, matched. */
export type ControlCall = { [M in Method]: { method: M, params: ParamsOf<M> } }[Method]
