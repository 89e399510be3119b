// An outside A2A agent for the A2A client's tests, served in the test process by the SDK's own server
// (DefaultRequestHandler, InMemoryTaskStore, the express JSON-RPC and card handlers) on 127.0.0.1:0, its card
// signed by the SDK's generateAgentCardSignature with an Ed25519 key made by jose.
import { EventEmitter } from 'node:events'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import express from 'express'
import { exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose'
import { AgentCard, Task, generateAgentCardSignature } from '@a2a-js/sdk'
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore, type AgentExecutor, type ExecutionEventBus, type RequestContext, type ServerCallContext } from '@a2a-js/sdk/server'
import { UserBuilder, agentCardHandler, jsonRpcHandler } from '@a2a-js/sdk/server/express'
import { onTestFinished } from 'vitest'

/**
 * complete: a task COMPLETED with one text artifact; reject: REJECTED with a reason; huge: COMPLETED with an artifact
 * over the client's bound; ask: INPUT_REQUIRED (the blocking send returns at once), completed later by `finish`.
 */
export type Behaviour = 'complete' | 'reject' | 'huge' | 'ask'

export const ARTIFACT_TEXT = 'LGTM: two comments left on PR 42'
export const REJECT_REASON = 'this agent reviews only Go code'

export interface SigningKey { privateKey: CryptoKey, jwk: JWK, kid: string }

export async function newKey (kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' })
  return { privateKey, jwk: await exportJWK(publicKey), kid }
}

/**
 * The card signed with this key, as the SDK signs cards: the protected header names the key by its public JWK, or,
 * given `jku`, by the URL of a JWK Set holding it (under its kid).
 */
export async function signCard (card: AgentCard | Record<string, unknown>, key: SigningKey, jku?: string): Promise<Record<string, unknown>> {
  const header = jku === undefined ? { alg: 'EdDSA', kid: key.kid, typ: 'JOSE', jwk: key.jwk } : { alg: 'EdDSA', kid: key.kid, typ: 'JOSE', jku }
  const signed = await generateAgentCardSignature(key.privateKey, header)(card as AgentCard)
  return JSON.parse(JSON.stringify(signed))
}

/** The agent's task store: a task named in `finished` is COMPLETED with the review artifact when read again. */
class Tasks extends InMemoryTaskStore {
  readonly finished = new Set<string>()
  override async load (id: string, ctx: ServerCallContext): Promise<Task | undefined> {
    const t = await super.load(id, ctx)
    if (t === undefined || !this.finished.has(id)) return t
    return Task.fromJSON({ ...Task.toJSON(t) as object, status: { state: 'TASK_STATE_COMPLETED' }, artifacts: [{ artifactId: 'review', name: 'review', parts: [{ text: ARTIFACT_TEXT }] }] })
  }
}

function executor (behaviour: () => Behaviour, seen: string[]): AgentExecutor {
  return {
    execute: async (ctx: RequestContext, bus: ExecutionEventBus) => {
      seen.push(ctx.userMessage.messageId)
      const b = behaviour()
      const text = b === 'huge' ? 'x'.repeat(2 * 1024 * 1024) : ARTIFACT_TEXT
      const said = (state: string, reply: string): unknown => ({ state, message: { messageId: `r-${ctx.taskId}`, role: 'ROLE_AGENT', parts: [{ text: reply }] } })
      const task = b === 'reject'
        ? { id: ctx.taskId, contextId: ctx.contextId, status: said('TASK_STATE_REJECTED', REJECT_REASON) }
        : b === 'ask'
          ? { id: ctx.taskId, contextId: ctx.contextId, status: said('TASK_STATE_INPUT_REQUIRED', 'which branch?') }
          : { id: ctx.taskId, contextId: ctx.contextId, status: { state: 'TASK_STATE_COMPLETED' }, artifacts: [{ artifactId: 'review', name: 'review', parts: [{ text }] }] }
      bus.publish(AgentEvent.task(Task.fromJSON(task)))
      bus.finished()
    },
    cancelTask: async () => {}
  }
}

export interface TestAgent {
  /** The agent's base URL (its card at /.well-known/agent-card.json). */
  url: string
  port: number
  key: SigningKey
  /** The card served from now on (already signed, or not). */
  serve: (card: Record<string, unknown>) => void
  /** The unsigned card naming this agent's own JSON-RPC interface. */
  baseCard: () => Record<string, unknown>
  behaviour: Behaviour
  /** 'request' for every JSON-RPC POST received. */
  events: EventEmitter
  /** JSON-RPC requests received. */
  requests: number
  /** The messageId of every message its executor ran for, in order. */
  executed: string[]
  /** Requests for its JWK Set (/jwks.json, holding its key under its kid). */
  keySetRequests: number
  /** Stops serving (its port then refuses connections). */
  close: () => Promise<void>
  /** The agent finishes a task on its own (an `ask` task): GetTask answers it COMPLETED from now on. */
  finish: (taskId: string) => void
}

/**
 * Serves an agent on 127.0.0.1:0. `hang`: its JSON-RPC endpoint never answers (the request is held open).
 * `interfaceUrl`: the URL its card names for JSON-RPC (default its own). `shared`: served for a whole file (the caller
 * closes it), not only for the test that made it.
 */
export async function serveAgent (o: { behaviour?: Behaviour, hang?: boolean, interfaceUrl?: (base: string) => string, shared?: boolean } = {}): Promise<TestAgent> {
  const app = express()
  const events = new EventEmitter()
  let card: Record<string, unknown> = {}
  const agent: TestAgent = {
    url: '', port: 0, key: await newKey('agent-key-1'), events, requests: 0, executed: [], keySetRequests: 0, behaviour: o.behaviour ?? 'complete',
    serve: c => { card = c },
    baseCard: () => ({}),
    finish: id => { tasks.finished.add(id) },
    close: async () => {}
  }
  const tasks = new Tasks()
  const server: Server = await new Promise(resolve => { const s = app.listen(0, '127.0.0.1', () => resolve(s)) })
  let closed: Promise<unknown> | undefined
  agent.close = async () => {
    server.closeAllConnections()
    closed ??= new Promise(resolve => server.close(resolve))
    await closed
  }
  if (o.shared !== true) onTestFinished(async () => { await agent.close() }) // shared: the file's afterAll closes it
  agent.port = (server.address() as AddressInfo).port
  agent.url = `http://127.0.0.1:${agent.port}`
  agent.baseCard = () => ({
    name: 'Review Agent',
    description: 'reviews pull requests',
    version: '1.0.0',
    supportedInterfaces: [{ url: o.interfaceUrl?.(agent.url) ?? `${agent.url}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    capabilities: { streaming: false },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'review', name: 'review', description: 'reviews a pull request', tags: ['review'] }]
  })
  agent.serve(await signCard(agent.baseCard(), agent.key))
  const handler = new DefaultRequestHandler(AgentCard.fromJSON(agent.baseCard()), tasks, executor(() => agent.behaviour, agent.executed))
  app.get('/jwks.json', (_req, res) => { agent.keySetRequests++; res.json({ keys: [{ ...agent.key.jwk, kid: agent.key.kid }] }) })
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: async () => card as unknown as AgentCard, cache: { maxAge: 0 } }))
  app.use('/a2a/jsonrpc', (_req, _res, next) => { agent.requests++; events.emit('request'); next() })
  if (o.hang === true) app.post('/a2a/jsonrpc', () => {}) // held open: never answered
  else app.use('/a2a/jsonrpc', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }))
  return agent
}
