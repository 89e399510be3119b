// A wake for carriers without tmux: polls the seat's inbox and tells the MCP client about each new obligation.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { call, type CallOptions } from '../control-client.js'

export const INBOX_POLL_MS = 2000 // cheap (one local socket call); a seat learns of a message within two seconds


/** Starts polling; the first answer is the baseline (already-waiting messages are not announced). Returns a stop function. */
export function watchInbox (server: Server, home: string, as: string | undefined, access: CallOptions = {}): () => void {
  let seen: Set<string> | undefined
  let busy = false
  const tick = async (): Promise<void> => {
    if (busy) return
    busy = true
    try {
      const items = await call(home, 'inbox', { as }, access)
      const fresh = seen === undefined ? [] : items.filter(i => !seen!.has(i.obligation))
      seen = new Set(items.map(i => i.obligation))
      for (const i of fresh) {
        await server.sendLoggingMessage({ level: 'notice', logger: 'aios-comm', data: { event: 'message', obligation: i.obligation, from: i.from, to: i.to, state: i.state, preview: i.preview } })
      }
    } catch {
      // the daemon may be restarting; the next tick tries again
    } finally {
      busy = false
    }
  }
  void tick()
  const timer = setInterval(() => { void tick() }, INBOX_POLL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
