// Which stage of the hot path a CPU-profile sample belongs to, by its stack: the rules are one table, matched from
// the innermost frame outward; the first frame that any rule claims decides the stage. Rules match a frame by the
// file it runs in first (so that renaming a function inside a file keeps its stage); a few also name a function,
// where one file holds two stages. Shared code (proto/, cards/, daemon/store/*, better-sqlite3, protobufjs, node's
// crypto, noble) is claimed by no rule: its samples go to the stage that called it.

/** The stages, in the order the report prints them. */
export const STAGES = [
  { key: 'control', label: 'control call' },
  { key: 'notify', label: 'notify commit' },
  { key: 'frame', label: 'frame encode and sign' },
  { key: 'transport', label: 'transport' },
  { key: 'recipient', label: 'recipient verify and commit' },
  { key: 'delivered', label: 'DELIVERED back' },
  { key: 'settle', label: 'settle' },
  { key: 'gossip', label: 'gossip and sync' },
  { key: 'gc', label: 'GC' },
  { key: 'other', label: 'other' }
] as const
export type Stage = typeof STAGES[number]['key']

/** Which daemon of the pair a profile is from: the group commit's own frames belong to the commit that queued them. */
export type Role = 'sender' | 'recipient'

export interface Rule {
  /** the frame's script URL (a path; matched without the .js/.ts ending, in dist/ or not) */
  file?: RegExp
  /** the frame's function name */
  fn?: RegExp
  /** the stage, or one per daemon where the same code serves a different stage on each side */
  stage: Stage | Record<Role, Stage>
  /** claims the frame only when a frame further out runs in a file matching this (e.g. inside a commit) */
  inside?: RegExp
  /** claims a frame only when no other rule claims any frame of the stack (e.g. a socket write with no owner above it) */
  fallback?: boolean
  why: string
}

const src = (path: string): RegExp => new RegExp(`/${path.replace(/[.]/g, '\\.')}`)
const mod = (name: string): RegExp => new RegExp(`/node_modules/${name.replace(/[.]/g, '\\.')}/`)

/** In order: within one frame the first rule that matches wins (function rules come before their file's rule). */
export const RULES: Rule[] = [
  // the answer to a deliver frame: encoded on the recipient, decoded on the sender
  { fn: /^deliverResponse(To|From)Wire$/, stage: 'delivered', why: 'the DELIVERED answer frame, encoded or decoded' },
  { file: src('daemon/delivery/outbox-worker.'), fn: /settle/i, stage: 'settle', why: 'the outbox row settled by the answer' },
  { file: src('daemon/delivery/outbox-worker.'), inside: src('daemon/store/group-commit.'), stage: 'settle', why: 'the worker only writes inside a commit to settle (its closures there are anonymous)' },
  { file: src('daemon/messaging/receipts-in.'), stage: 'settle', why: 'a receipt verified and stored at the sender' },
  { file: src('daemon/control/'), stage: 'control', why: 'the control socket: framing, routing, the call itself' },
  { file: src('daemon/messaging/wait.'), stage: 'control', why: 'the wait for DELIVERED the control call answers' },
  { file: src('daemon/messaging/notify.'), stage: 'notify', why: 'notify: checks, the message built, its rows written' },
  { file: src('daemon/messaging/idempotency.'), stage: 'notify', why: 'notify\'s idempotency key' },
  { file: src('daemon/store/group-commit.'), stage: { sender: 'notify', recipient: 'recipient' }, why: 'BEGIN/COMMIT and its fsync: the durable commit of notify (sender) or accept (recipient); a settle\'s own writes are claimed by settle further in' },
  { file: src('daemon/messaging/batch-signer.'), stage: 'frame', why: 'the batch signature over a turn\'s messages and headers' },
  { file: src('daemon/delivery/peer-session.'), stage: 'frame', why: 'the deliver frame built and sent' },
  { file: src('daemon/delivery/session-pool.'), stage: 'frame', why: 'the session a frame goes out on' },
  { file: src('daemon/delivery/outbox-worker.'), stage: 'frame', why: 'the outbox scanned and batched into frames' },
  { file: src('daemon/delivery/deliver-server.'), stage: 'recipient', why: 'a deliver frame read and handled' },
  { file: src('daemon/delivery/frame.'), stage: 'recipient', why: 'a deliver frame decoded and held to its limits' },
  { file: src('daemon/delivery/peer-rate.'), stage: 'recipient', why: 'the per-peer rate a frame is weighed against' },
  { file: src('daemon/messaging/accept.'), stage: 'recipient', why: 'verify, durable commit, DELIVERED signed' },
  { file: src('daemon/sync/'), stage: 'gossip', why: 'fact gossip and sync' },
  { file: mod('@libp2p/gossipsub'), stage: 'gossip', why: 'gossipsub' },
  ...['@libp2p/tcp', '@libp2p/noise', '@chainsafe/libp2p-noise', '@libp2p/tls', '@libp2p/yamux', '@chainsafe/libp2p-yamux', '@libp2p/utils', 'libp2p', 'it-length-prefixed']
    .map((name): Rule => ({ file: mod(name), stage: 'transport', why: 'libp2p: TCP, encryption, muxing, length prefixes' })),
  { file: /^$/, fn: /^(writeBuffer|writev|writeUtf8String|writeLatin1String)$/, stage: 'transport', fallback: true, why: 'a socket write with no owner on its stack (flushed later by the stream)' },
  { file: /^$/, fn: /^\(garbage collector\)$/, stage: 'gc', why: 'V8\'s garbage collector on the main thread' }
]

/** What V8 names a sample of the idle main thread: not a cost, left out of every stage. */
export const IDLE = '(idle)'

export interface Frame { url: string, functionName: string }

const fileIs = (re: RegExp, f: Frame): boolean => re.test(f.url.replace(/\\/g, '/'))
const matches = (r: Rule, f: Frame, outer: Frame[]): boolean =>
  (r.file === undefined || fileIs(r.file, f)) && (r.fn === undefined || r.fn.test(f.functionName)) &&
  (r.inside === undefined || outer.some(o => fileIs(r.inside as RegExp, o)))
const stageOf = (r: Rule, role: Role): Stage => (typeof r.stage === 'string' ? r.stage : r.stage[role])

/** The stage of one sample, from its stack listed innermost frame first; undefined for an idle sample. */
export function attribute (stack: Frame[], role: Role): Stage | undefined {
  if (stack.length > 0 && stack[0].functionName === IDLE) return undefined
  let fallback: Stage | undefined
  for (const [i, frame] of stack.entries()) {
    for (const r of RULES) {
      if (!matches(r, frame, stack.slice(i + 1))) continue
      if (r.fallback !== true) return stageOf(r, role)
      fallback ??= stageOf(r, role)
    }
  }
  return fallback ?? 'other'
}
