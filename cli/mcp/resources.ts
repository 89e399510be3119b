// MCP resources of the acting seat — its open inbox, one message (shown without a receipt), one obligation's
// journey — as JSON, and the resources/subscribe bookkeeping the daemon's watch stream turns into updates.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { ErrorCode, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, McpError, ReadResourceRequestSchema, SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { MeshError } from '../../cards/index.js'
import { call, type CallOptions } from '../control-client.js'
import { splitInbox } from './inbox.js'

export const INBOX_URI = 'aios://inbox'
export const MESSAGE_TEMPLATE = 'aios://message/{obligation}'
export const JOURNEY_TEMPLATE = 'aios://obligation/{obligation}/journey'
export const RESOURCE_MIME = 'application/json'
export const RESOURCE_NOT_FOUND = -32002 // the MCP specification's code for a resource that does not exist
const DAEMON_ERROR = -32000 // JSON-RPC server-error range, as for the tools: the daemon refused; data.code carries its code

export const messageUri = (obligation: string): string => `aios://message/${obligation}`
export const journeyUri = (obligation: string): string => `aios://obligation/${obligation}/journey`

const OBLIGATION = '(ob_[0-9a-f]{32})'
const MESSAGE_URI = new RegExp(`^aios://message/${OBLIGATION}$`)
const JOURNEY_URI = new RegExp(`^aios://obligation/${OBLIGATION}/journey$`)
/** The daemon's answers that mean "no such obligation for this seat": the resource does not exist. */
const NOT_FOUND_CODES = new Set(['OBLIGATION_UNKNOWN', 'OBLIGATION_UNVERIFIED'])

export type ResourceRef = { kind: 'inbox' } | { kind: 'message', obligation: string } | { kind: 'journey', obligation: string }

export function parseResourceUri (uri: string): ResourceRef | undefined {
  if (uri === INBOX_URI) return { kind: 'inbox' }
  const m = MESSAGE_URI.exec(uri)
  if (m !== null) return { kind: 'message', obligation: m[1] }
  const j = JOURNEY_URI.exec(uri)
  if (j !== null) return { kind: 'journey', obligation: j[1] }
  return undefined
}

/** Where the daemon is and as whom the resources are read (the MCP server's own options fit). */
export interface ResourceOptions {
  home: string
  as?: string
  access?: CallOptions
}

function unknownResource (uri: string): McpError {
  return new McpError(RESOURCE_NOT_FOUND, `RESOURCE_UNKNOWN: no resource ${uri}; see resources/list and resources/templates/list`, { code: 'RESOURCE_UNKNOWN', uri })
}

function resourceError (err: unknown, uri: string): McpError {
  if (err instanceof McpError) return err
  if (err instanceof MeshError) return new McpError(NOT_FOUND_CODES.has(err.code) ? RESOURCE_NOT_FOUND : DAEMON_ERROR, `${err.code}: ${err.message}`, { code: err.code, uri })
  return new McpError(ErrorCode.InternalError, `INTERNAL: ${err instanceof Error ? err.message : String(err)}`, { code: 'INTERNAL', uri })
}

/** What a resource holds now, from the daemon; reading issues no receipt. */
async function content (o: ResourceOptions, ref: ResourceRef): Promise<unknown> {
  switch (ref.kind) {
    case 'inbox': {
      const items = (await call(o.home, 'inbox', { as: o.as }, o.access)).map(i => ({ ...i, uri: messageUri(i.obligation), journey: journeyUri(i.obligation) }))
      return splitInbox(items) // messages: addressed to the seat; offered: role work, claimed before it is read
    }
    case 'message': return await call(o.home, 'message', { as: o.as, obligation: ref.obligation }, o.access)
    case 'journey': return await call(o.home, 'status', { obligation: ref.obligation }, o.access)
  }
}

async function read (o: ResourceOptions, uri: string): Promise<unknown> {
  const ref = parseResourceUri(uri)
  if (ref === undefined) throw unknownResource(uri)
  try {
    return await content(o, ref)
  } catch (err) {
    throw resourceError(err, uri)
  }
}

/** resources/list, resources/templates/list and resources/read. */
export function registerResources (server: Server, o: ResourceOptions): void {
  server.registerCapabilities({ resources: {} })
  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    let items
    try {
      items = await call(o.home, 'inbox', { as: o.as }, o.access)
    } catch (err) {
      throw resourceError(err, INBOX_URI)
    }
    return {
      resources: [
        { uri: INBOX_URI, name: 'inbox', title: 'Inbox', description: 'This seat\'s open messages (not yet COMPLETE or REJECTED): obligation, from, state, preview; and apart from them (offered) the role work offered to it, with who holds it now.', mimeType: RESOURCE_MIME },
        ...items.map(i => ({ uri: messageUri(i.obligation), name: i.obligation, title: `${i.from}: ${i.preview}`, description: i.role === undefined ? `A message from ${i.from}, ${i.state}; reading it issues no receipt (the read tool does).` : `Role work from ${i.from} to ${i.to}, ${i.state}${i.role.holder === undefined ? ', held by nobody: claim it' : `, held by ${i.role.holder}`}; reading it needs the lease.`, mimeType: RESOURCE_MIME }))
      ]
    }
  })
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      { uriTemplate: MESSAGE_TEMPLATE, name: 'message', title: 'Message', description: 'One message this seat sent or received: body, from, to, thread, state. Reading it issues no receipt.', mimeType: RESOURCE_MIME },
      { uriTemplate: JOURNEY_TEMPLATE, name: 'journey', title: 'Obligation journey', description: 'One obligation\'s state, verified receipt chain and journey (sent, DELIVERED, READ, CONSUMED, COMPLETE with evidence, or REJECTED).', mimeType: RESOURCE_MIME }
    ]
  }))
  server.setRequestHandler(ReadResourceRequestSchema, async req => {
    const uri = req.params.uri
    return { contents: [{ uri, mimeType: RESOURCE_MIME, text: JSON.stringify(await read(o, uri)) }] }
  })
}

/** The URIs the client subscribed to; the watch stream asks which ones an event touches. */
export class ResourceSubscriptions {
  private readonly uris = new Set<string>()

  has (uri: string): boolean {
    return this.uris.has(uri)
  }

  all (): string[] {
    return [...this.uris]
  }

  add (uri: string): void {
    this.uris.add(uri)
  }

  delete (uri: string): void {
    this.uris.delete(uri)
  }
}

/**
 * resources/subscribe and unsubscribe, and the capability that announces them with list changes. Only for a server
 * that watches the daemon: without the watch stream nothing would ever be sent, so nothing is offered.
 */
export function registerSubscriptions (server: Server, o: ResourceOptions): ResourceSubscriptions {
  const subs = new ResourceSubscriptions()
  server.registerCapabilities({ resources: { subscribe: true, listChanged: true } })
  server.setRequestHandler(SubscribeRequestSchema, async req => {
    const uri = req.params.uri
    await read(o, uri) // a subscription to nothing is refused as a read of it would be
    subs.add(uri)
    return {}
  })
  server.setRequestHandler(UnsubscribeRequestSchema, req => {
    subs.delete(req.params.uri) // unsubscribing from what was never subscribed is no error
    return {}
  })
  return subs
}
