// The stdio MCP server: lists the tools, validates arguments, calls the daemon, maps errors to JSON-RPC errors with our codes.
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { MeshError } from '../../cards/index.js'
import { packageVersion } from '../../daemon/runtime/package-root.js'
import { call, type CallOptions } from '../control-client.js'
import { ACTING, TOOLS } from './tools.js'
import { registerResources } from './resources.js'

export const DAEMON_ERROR = -32000 // JSON-RPC server-error range: the daemon refused; data.code carries its code

export interface McpOptions {
  home: string
  as?: string
  /** The socket and the seat token every call carries (an isolated seat's, passed through). */
  access?: CallOptions
}

export function toMcpError (err: unknown): McpError {
  if (err instanceof McpError) return err
  if (err instanceof MeshError) return new McpError(DAEMON_ERROR, `${err.code}: ${err.message}`, { code: err.code })
  return new McpError(ErrorCode.InternalError, `INTERNAL: ${err instanceof Error ? err.message : String(err)}`, { code: 'INTERNAL' })
}

export function createMcpServer (o: McpOptions): Server {
  const server = new Server({ name: 'aios-comm', version: packageVersion() }, { capabilities: { tools: {}, logging: {} } })
  registerResources(server, o) // resources/list, templates, read (subscriptions: cli/commands/mcp.ts, with the watch)
  const byName = new Map(TOOLS.map(t => [t.name, t]))
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map(t => ({ name: t.name, description: t.description, inputSchema: z.toJSONSchema(t.input) as { type: 'object', [k: string]: unknown } })) // a z.object's schema is an object schema
  }))
  server.setRequestHandler(CallToolRequestSchema, async req => {
    const tool = byName.get(req.params.name)
    if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `TOOL_UNKNOWN: no tool ${req.params.name}; see tools/list`, { code: 'TOOL_UNKNOWN' })
    const parsed = tool.input.safeParse(req.params.arguments ?? {})
    if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, `BAD_REQUEST: ${z.prettifyError(parsed.error).replace(/\n/g, '; ')}`, { code: 'BAD_REQUEST' })
    const c = tool.control(parsed.data)
    let result: unknown
    try {
      result = await call(o.home, c.method, ACTING.has(tool.name) ? { ...c.params, as: o.as } : c.params, o.access)
    } catch (err) {
      throw toMcpError(err)
    }
    const structured = (tool.wrap !== undefined ? { [tool.wrap]: result } : result) as Record<string, unknown>
    return { content: [{ type: 'text' as const, text: JSON.stringify(structured) }], structuredContent: structured }
  })
  return server
}
