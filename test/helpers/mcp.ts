// The official MCP SDK client against `aios-comm mcp` as a child process: connected as one seat, closed when the
// test finishes; and the code an MCP error carries.
import { onTestFinished } from 'vitest'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { McpError } from '@modelcontextprotocol/sdk/types.js'
import { CLI } from './cli.js'

/** An MCP client acting as `as`; `env` is added to the test's environment, less AIOS_ACTOR and AIOS_SEAT_TOKEN. */
export async function mcpClient (home: string, as: string, opts: { env?: Record<string, string>, args?: string[], setup?: (c: Client) => void } = {}): Promise<Client> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && k !== 'AIOS_ACTOR' && k !== 'AIOS_SEAT_TOKEN')) as Record<string, string>
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, '--home', home, 'mcp', '--as', as, ...(opts.args ?? [])], env: { ...base, ...opts.env }, stderr: 'pipe' })
  const client = new Client({ name: 'aios-comm-test', version: '1.0.0' })
  opts.setup?.(client)
  await client.connect(transport)
  onTestFinished(async () => { await client.close() })
  return client
}

/** The error an MCP call was refused with: our code (in its data), the JSON-RPC code and the message. */
export async function mcpErrorOf (p: Promise<unknown>): Promise<{ code: string, rpc: number, message: string }> {
  try {
    await p
  } catch (err) {
    if (err instanceof McpError) return { code: (err.data as { code: string }).code, rpc: err.code, message: err.message }
    throw err
  }
  throw new Error('expected an MCP error')
}

/** Just our code of a refused MCP call: a tool result with isError (a refusal), or a protocol error (an unknown tool). */
export async function mcpCode (p: Promise<unknown>): Promise<string> {
  let result: unknown
  try {
    result = await p
  } catch (err) {
    if (err instanceof McpError) return (err.data as { code: string }).code
    throw err
  }
  const r = result as { isError?: boolean, structuredContent?: { error?: { code: string } } }
  if (r.isError !== true || r.structuredContent?.error === undefined) throw new Error('expected a refused MCP call')
  return r.structuredContent.error.code
}
