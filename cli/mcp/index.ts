// The MCP server's public surface: the server factory, the tool table and the inbox watcher.
export { createMcpServer, toMcpError, DAEMON_ERROR, type McpOptions } from './server.js'
export { TOOLS, type ToolDef } from './tools.js'
export { watchInbox, INBOX_POLL_MS } from './watch.js'
