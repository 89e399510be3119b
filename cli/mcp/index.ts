// The MCP server's public surface: the server factory, the tool table, the waits, the resources and the notices.
export { createMcpServer, outputSchemaOf, refusalResult, type McpOptions } from './server.js'
export { TOOLS, type ToolDef, type ToolContext } from './tools.js'
export { WAIT_DEFAULT_MS, WAIT_MAX_MS } from './wait.js'
export { registerResources, registerSubscriptions, parseResourceUri, messageUri, journeyUri, INBOX_URI, MESSAGE_TEMPLATE, JOURNEY_TEMPLATE, RESOURCE_NOT_FOUND, type ResourceSubscriptions } from './resources.js'
export { startNotices, FINAL_STATES } from './notices.js'
export { watchSeat, type SeatEvent } from './seat-watch.js'
