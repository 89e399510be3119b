// The MCP server's public surface: the server factory, the tool table, the waits and the inbox watcher.
export { createMcpServer, outputSchemaOf, refusalResult, type McpOptions } from './server.js'
export { TOOLS, type ToolDef, type ToolContext } from './tools.js'
export { WAIT_DEFAULT_MS, WAIT_MAX_MS } from './wait.js'
export { watchInbox, INBOX_POLL_MS } from './watch.js'
