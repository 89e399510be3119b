// `aios-comm mcp`: a stdio MCP server for Claude Code, Codex and other MCP clients, acting as one seat.
import type { Command } from 'commander'
import { actingSeat, homeDir, seatAccess } from '../context.js'

export function register (program: Command): void {
  program.command('mcp').description('a stdio MCP server for one seat: send, reply, wait for messages and states, receipts and views as tools')
    .option('--no-watch', 'do not poll the inbox for new-message notifications')
    .action(async (o: { watch: boolean }, cmd: Command) => {
      const home = homeDir(cmd)
      const as = actingSeat(cmd)
      const access = seatAccess(cmd) // an isolated seat's token and socket, passed through on every call
      // loaded here, not with the program: the MCP SDK (and zod, ajv) would cost every other command, the daemon
      // included, a few hundred milliseconds of start-up
      const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js')
      const { createMcpServer, watchInbox } = await import('../mcp/index.js')
      const server = createMcpServer({ home, as, access })
      let stopWatch = (): void => {}
      server.oninitialized = () => { if (o.watch) stopWatch = watchInbox(server, home, as, access) }
      const closed = new Promise<void>(resolve => { server.onclose = () => resolve() })
      await server.connect(new StdioServerTransport())
      process.stdin.once('end', () => { void server.close() })
      await closed
      stopWatch()
    })
}
