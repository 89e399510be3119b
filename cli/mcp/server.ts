// The stdio MCP server: lists the tools with their schemas, validates arguments, runs them against the daemon, and
// answers a refusal (a daemon's code, a bad argument) as a tool result with isError, so the model sees it.
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { MeshError } from '../../cards/index.js'
import { packageVersion } from '../../daemon/runtime/package-root.js'
import { call, type CallOptions } from '../control-client.js'
import { TOOLS, type ToolContext, type ToolDef } from './tools.js'
import { refusal } from './outputs.js'
import { INSTRUCTIONS } from './instructions.js'
import { WaitAborted } from './wait.js'
import { registerResources } from './resources.js'

export interface McpOptions {
  home: string
  as?: string
  /** The socket and the seat token every call carries (an isolated seat's, passed through). */
  access?: CallOptions
}

type JsonObjectSchema = { type: 'object', [k: string]: unknown }

/**
 * A tool's advertised output schema: its success shape or the refusal shape. The SDK's client validates
 * structuredContent against it even when isError is set, so the refusal must fit too.
 */
export function outputSchemaOf (t: ToolDef): JsonObjectSchema {
  const { $schema: _, ...schema } = z.toJSONSchema(z.union([t.output, refusal]), { io: 'output' }) as Record<string, unknown>
  return { type: 'object', ...schema }
}

/** A refusal as a tool result: the code leads the text and is the structuredContent's error.code. */
export function refusalResult (code: string, message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `${code}: ${message}` }], structuredContent: { error: { code, message } } }
}

function toolList (): object[] {
  return TOOLS.map(t => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: z.toJSONSchema(t.input) as JsonObjectSchema, // a z.object's schema is an object schema
    outputSchema: outputSchemaOf(t),
    annotations: { title: t.title, ...t.annotations }
  }))
}

async function runTool (t: ToolDef, args: unknown, ctx: ToolContext): Promise<CallToolResult> {
  const parsed = t.input.safeParse(args ?? {})
  if (!parsed.success) return refusalResult('BAD_REQUEST', z.prettifyError(parsed.error).replace(/\n/g, '; '))
  try {
    const structured = await t.run(parsed.data, ctx) as Record<string, unknown>
    return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured }
  } catch (err) {
    if (err instanceof WaitAborted) throw err // canceled: the SDK answers nothing
    if (err instanceof MeshError) return refusalResult(err.code, err.message)
    return refusalResult('INTERNAL', err instanceof Error ? err.message : String(err))
  }
}

export function createMcpServer (o: McpOptions): Server {
  const server = new Server({ name: 'aios-comm', version: packageVersion() }, { capabilities: { tools: {}, logging: {} }, instructions: INSTRUCTIONS })
  registerResources(server, o) // resources/list, templates, read (subscriptions: cli/commands/mcp.ts, with the watch)
  const byName = new Map(TOOLS.map(t => [t.name, t]))
  const control: ToolContext['call'] = async (method, params) => await call(o.home, method, params, o.access)
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolList() }))
  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const t = byName.get(req.params.name)
    // an unknown tool is a protocol error (the MCP spec's -32602), not a tool result: there is no tool to fail
    if (t === undefined) throw new McpError(ErrorCode.InvalidParams, `TOOL_UNKNOWN: no tool ${req.params.name}; see tools/list`, { code: 'TOOL_UNKNOWN' })
    return await runTool(t, req.params.arguments, { home: o.home, as: o.as, access: o.access, signal: extra.signal, call: control })
  })
  return server
}
