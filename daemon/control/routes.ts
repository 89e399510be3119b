// The control API's route table: every CLI verb that needs the daemon, and the setup verbs, so that a running
// daemon learns about a new seat, mesh or card at once.
import { MeshError, skillOfAddress, toolNames } from '../../cards/index.js'
import type { Core, NodeView } from '../core.js'
import * as messaging from '../messaging/index.js'
import * as setup from '../setup/index.js'
import { createInvite, joinMesh } from '../join/index.js'
import * as leases from '../leases/index.js'
import { optBool, optInt, optStr, optStrList, str, takeBody } from './params.js'
import type { Handler, Method, ReceiptLevel, RouteTable } from './methods.js'
import { obligationWake, type WakeService } from '../wake/index.js'
import { findSeats, journey, nodeReport, roleSeats, skillSeat } from '../observe/index.js'
import { carrierRoutes } from './carrier-routes.js'
import { seatRoutes } from './seat-routes.js'
import { NODE_CALLER, checkObligationAccess } from '../access/index.js'
import { RetentionService } from '../retention/index.js'
import { policySaver } from '../home/config.js'
import { a2aForget, a2aGet, a2aObligation, a2aOutbox, a2aPins, a2aSend, a2aStatus } from '../a2a-client/index.js'

const DEFAULT_WAIT_MS = 30_000 // a wait with no timeout given: long enough for a peer on another network, short for a script

const REQUIRE: ReadonlySet<string> = new Set<ReceiptLevel>(['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE', 'AUDITED'])

export function routes (core: Core, node: NodeView, wake: WakeService,
  retention = new RetentionService(core, policySaver(core.ctx.paths.config))): RouteTable {
  const ctx = core.ctx
  /** Setup verbs change identity or trust: the directory and the seats' cards follow at once. */
  const changing = <M extends Method>(fn: Handler<M>): Handler<M> => async (p, caller) => {
    const r = await fn(p, caller)
    core.directoryChanged()
    return r
  }

  return {
    'node.status': async () => await nodeReport(core, node, wake, node.startedAtMs),
    retention: () => retention.view(),
    'retention.set': p => {
      const archiveAfterMs = optInt(p, 'archiveAfterMs', 1) ?? retention.policy.archiveAfterMs
      const never = (p as { purgeAfterMs?: unknown }).purgeAfterMs === null
      const purgeAfterMs = never ? undefined : optInt(p, 'purgeAfterMs', 1) ?? retention.policy.purgeAfterMs
      return retention.setPolicy({ archiveAfterMs, ...(purgeAfterMs === undefined ? {} : { purgeAfterMs }) })
    },
    'retention.run': async () => await retention.run(),

    // Not async: a call that waits holds only what its continuations use (the state to wait for and the answer so far);
    // the suspended frame of an async function would keep the params and the body for as long as the wait lasts.
    notify: (p, caller) => {
      let sending: Promise<messaging.NotifyResult>
      let wait: string | undefined
      let waitMs: number | undefined
      try {
        const body = takeBody(p, 'text', 'body')
        const require = optStr(p, 'require')
        if (require !== undefined && !REQUIRE.has(require)) throw new MeshError('BAD_REQUEST', 'require must be DELIVERED, READ, CONSUMED, COMPLETE or AUDITED')
        // the wait is checked before anything is sent: a refused call sends nothing
        wait = optStr(p, 'wait')
        waitMs = optInt(p, 'waitMs', 1)
        if (wait !== undefined) messaging.checkWaitTarget(wait)
        else if (waitMs !== undefined) throw new MeshError('BAD_REQUEST', 'waitMs needs wait (the state to wait for)')
        const to = str(p, 'to')
        const skill = skillOfAddress(to)
        sending = messaging.notify(core, {
          as: optStr(p, 'as'),
          to,
          // skill:ID goes to the best seat found now that states it (never the sender): the signed message names that seat
          ...(skill === undefined ? {} : { choose: async (from: string) => await skillSeat(core, node, wake, skill, from) }),
          body,
          contentType: optStr(p, 'contentType'),
          require: require as messaging.NotifyInput['require'],
          thread: optStr(p, 'thread'),
          ttlMs: optInt(p, 'ttlMs', 1),
          idempotencyKey: optStr(p, 'idempotencyKey'),
          auditor: optStr(p, 'auditor')
        }, caller)
      } catch (err) {
        return Promise.reject(err)
      }
      if (wait === undefined) return sending
      const target = wait
      const ms = waitMs ?? DEFAULT_WAIT_MS
      // the message is sent and durable whatever the wait gives: running out is an answer (timedOut), never an
      // error, so that a script does not send it again
      return sending.then(sent => messaging.reachState(core, messaging.parseObligation(sent.obligation), target, ms, { fresh: sent.replayed !== true })
        .then(r => ({ ...sent, state: r.state, ...(r.timedOut ? { timedOut: true as const } : {}) })))
    },
    inbox: (p, caller = NODE_CALLER) => {
      const as = optStr(p, 'as')
      // one seat when named (or the token's seat); else every seat the caller may act as (isolated ones need their token)
      const handles = (as !== undefined && as !== '') || caller.via === 'seat' ? [core.actingSeat(as, caller)] : core.seatsFor(caller)
      return messaging.inbox(core, handles, optBool(p, 'all'))
    },
    read: async (p, caller) => await messaging.read(core, str(p, 'obligation'), optStr(p, 'as'), caller),
    consume: async (p, caller) => await messaging.consume(core, str(p, 'obligation'), optStr(p, 'as'), caller),
    ack: async (p, caller) => await messaging.ack(core, str(p, 'obligation'), str(p, 'sentence'), { as: optStr(p, 'as'), file: optStr(p, 'file'), caller }),
    reject: async (p, caller) => await messaging.reject(core, str(p, 'obligation'), str(p, 'reason'), { as: optStr(p, 'as'), caller }),
    audit: async (p, caller) => await messaging.audit(core, str(p, 'obligation'), str(p, 'verdict'), str(p, 'sentence'), { as: optStr(p, 'as'), file: optStr(p, 'file'), caller }),
    status: async (p, caller = NODE_CALLER) => {
      const ob = str(p, 'obligation')
      const sentOut = a2aObligation(core, ob) // to an outside A2A agent: its own rows, witnessed by the seat
      if (sentOut !== undefined) { core.authorizeSeat(sentOut.from, caller); return await a2aStatus(core, sentOut) }
      checkObligationAccess(core.store.messages, messaging.parseObligation(ob), ob, caller)
      const v = await messaging.status(core, ob)
      const w = obligationWake(core, messaging.parseObligation(v.obligation))
      const j = journey(core, v, w)
      return { ...v, wake: w, journey: j.steps, done: j.done, verdict: j.verdict }
    },
    wait: async (p, caller = NODE_CALLER) => {
      const ob = str(p, 'obligation')
      checkObligationAccess(core.store.messages, messaging.parseObligation(ob), ob, caller)
      return await messaging.waitFor(core, ob, optStr(p, 'state') ?? 'DELIVERED', optInt(p, 'timeoutMs', 1) ?? DEFAULT_WAIT_MS)
    },
    outbox: p => [...messaging.outbox(core, optBool(p, 'all')), ...a2aOutbox(core, optBool(p, 'all'))],
    retry: p => messaging.retry(core, str(p, 'obligation')),
    // CANCELED: the sender withdraws an obligation
    cancel: async (p, caller) => await messaging.cancel(core, str(p, 'obligation'), { as: optStr(p, 'as'), reason: optStr(p, 'reason'), caller }),
    // roles and leases: a seat takes role work, keeps it, gives it back
    claim: async (p, caller) => await leases.claim(core, str(p, 'obligation'), { as: optStr(p, 'as'), leaseMs: optInt(p, 'leaseMs', 1), caller }),
    renew: async (p, caller) => await leases.renew(core, str(p, 'obligation'), { as: optStr(p, 'as'), leaseMs: optInt(p, 'leaseMs', 1), caller }),
    release: async (p, caller) => await leases.release(core, str(p, 'obligation'), { as: optStr(p, 'as'), caller }),
    peers: () => node.peers(),

    'mesh.create': changing(() => setup.meshCreate(ctx)),
    'mesh.show': () => setup.meshShow(ctx),
    'mesh.trust': changing(p => setup.meshTrust(ctx, str(p, 'key'))),
    'mesh.admit': p => setup.meshAdmit(ctx, str(p, 'request'), { out: optStr(p, 'out'), days: optInt(p, 'days', 1), validForMs: optInt(p, 'expiresInMs') }),
    'mesh.revoke': changing(p => setup.meshRevoke(ctx, str(p, 'target'), optStr(p, 'reason'))),
    'mesh.renew': changing(async p => await setup.meshRenew(ctx, str(p, 'handle'), { days: optInt(p, 'days'), validForMs: optInt(p, 'expiresInMs') })),
    'actor.add': changing(async p => await setup.actorAdd(ctx, str(p, 'handle'), {
      carrier: optStr(p, 'carrier'),
      pane: optStr(p, 'pane'),
      tmuxSocket: optStr(p, 'tmuxSocket'),
      model: optStr(p, 'model'),
      requireEnv: optStrList(p, 'requireEnv'),
      mesh: optStr(p, 'mesh'),
      requireFile: optStrList(p, 'requireFile'),
      probe: optStr(p, 'probe'),
      command: optStr(p, 'command'),
      commandTimeoutMs: optInt(p, 'commandTimeoutMs', 1),
      wakeDelayMs: optInt(p, 'wakeDelayMs', 0),
      isolated: optBool(p, 'isolated'),
      roles: optStrList(p, 'roles'),
      skills: p.skills === undefined || p.skills === null ? undefined : setup.skillInputs(p.skills),
      skillsFile: optStr(p, 'skillsFile')
    }).then(r => { wake.seatRegistered(r.handle); return r })), // a seat registered again retries its waiting wake at once
    'actor.endorse': changing(async p => await setup.actorEndorse(ctx, str(p, 'handle'), str(p, 'file'))),
    'actor.token': changing(p => setup.seatToken(ctx, str(p, 'handle'), { rotate: optBool(p, 'rotate'), remove: optBool(p, 'remove') })),
    'actor.list': () => setup.actorList(ctx),
    'actor.export': changing(p => setup.actorExport(ctx, str(p, 'handle'), optStr(p, 'out'))),
    'actor.import': changing(async p => await setup.actorImport(ctx, str(p, 'file'), { pane: optStr(p, 'pane'), tmuxSocket: optStr(p, 'tmuxSocket') })),
    'card.show': async (p, caller) => await setup.cardShow(ctx, optStr(p, 'handle') ?? (caller?.via === 'seat' ? caller.seat : undefined)),
    'card.verify': p => setup.cardVerify(ctx, str(p, 'file')),
    'card.import': changing(p => setup.cardImport(ctx, str(p, 'file'))),

    where: async p => {
      const handle = str(p, 'handle')
      if (core.directory.describe(handle) === undefined) await core.lookupCard?.(handle)
      const d = core.directory.describe(handle)
      if (d === undefined) throw new MeshError('ACTOR_UNKNOWN', `no card for ${handle} is known here or in the DHT`)
      const c = d.current
      return {
        handle, peerId: c.peerId, addresses: c.multiaddrs, seq: c.seq, carrier: c.carrier, model: c.model, pane: c.pane,
        local: c.local, updatedAt: new Date(c.updatedAtMs).toISOString(), ageSeconds: Math.round((Date.now() - c.updatedAtMs) / 1000),
        valid: d.problem === undefined, problem: d.problem === undefined ? undefined : `${d.problem.code}: ${d.problem.reason}`,
        ...(c.skills !== undefined ? { skills: c.skills.map(k => k.id) } : {}),
        ...(c.mcp !== undefined ? { tools: toolNames(c.mcp) } : {})
      }
    },
    'where.role': async p => await roleSeats(core, node, wake, str(p, 'role')),
    find: async p => await findSeats(core, node, wake, { skill: optStr(p, 'skill'), tag: optStr(p, 'tag'), tool: optStr(p, 'tool') }, optBool(p, 'dht')),
    invite: async p => await createInvite(ctx, optInt(p, 'ttlMs', 1000)),
    join: changing(async p => await joinMesh(ctx, node.node(), str(p, 'token'), optStrList(p, 'handles') ?? [])),
    ...carrierRoutes(core, wake, node),

    // MCP resources: one message of the acting seat (sent or received), shown without issuing READ
    message: (p, caller) => messaging.showMessage(core, str(p, 'obligation'), optStr(p, 'as'), caller),
    ...seatRoutes(core, node),
    // the A2A client: a seat sends to an outside A2A agent and its answer is witnessed
    'a2a.send': async (p, caller) => await a2aSend(core, {
      as: optStr(p, 'as'),
      url: str(p, 'url'),
      text: str(p, 'text'),
      waitMs: optInt(p, 'waitMs', 1),
      acceptNewKey: optBool(p, 'acceptNewKey'),
      allowUnsigned: optBool(p, 'allowUnsigned'),
      idempotencyKey: optStr(p, 'idempotencyKey')
    }, caller),
    'a2a.get': async (p, caller) => await a2aGet(core, str(p, 'obligation'), caller),
    'a2a.pins': () => a2aPins(core),
    'a2a.forget': async p => await a2aForget(core, str(p, 'url'))
  }
}
