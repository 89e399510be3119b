// `aios-comm mcp`: a stdio MCP server for Claude Code, Codex and other MCP clients, acting as one seat.
import type { Command } from 'commander'
import { actingSeat, homeDir, seatAccess } from '../context.js'

export function register (program: Command): void {
  program.command('mcp').description('a stdio MCP server acting as one seat: its verbs and waits as tools, its inbox, messages and journeys as resources, and notices from the daemon\'s watch stream')
    .option('--no-watch', 'no notifications: open no watch stream, offer no resources/subscribe, send no notices')
    .action(async (o: { watch: boolean }, cmd: Command) => {
      const home = homeDir(cmd)
      const as = actingSeat(cmd)
      const access = seatAccess(cmd) // an isolated seat's token and socket, passed through on every call
      // loaded here, not with the program: the MCP SDK (and zod, ajv) would cost every other command, the daemon
      // included, a few hundred milliseconds of start-up
      const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js')
      const { createMcpServer, registerSubscriptions, startNotices } = await import('../mcp/index.js')
      const server = createMcpServer({ home, as, access })
      const subs = o.watch ? registerSubscriptions(server, { home, as, access }) : undefined
      let stopNotices = (): void => {}
      // one watch stream per server, opened once the client can take notifications
      server.oninitialized = () => { if (o.watch) stopNotices = startNotices(server, { home, as, access }, subs) }
      const closed = new Promise<void>(resolve => { server.onclose = () => resolve() })
      await server.connect(new StdioServerTransport())
      process.stdin.once('end', () => { void server.close() })
      await closed
      stopNotices()
    })
}
