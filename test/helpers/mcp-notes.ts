// What an MCP server told its client unasked: logging notices, resource updates and list changes, in arrival
// order, with a wait for the next one that matches (event-driven; the timeout only bounds a failure).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { LoggingMessageNotificationSchema, ResourceListChangedNotificationSchema, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'

export interface Note {
  method: 'notifications/message' | 'notifications/resources/updated' | 'notifications/resources/list_changed'
  /** A logging notice's data, an update's uri, nothing for a list change. */
  data?: any
  uri?: string
  at: number
}

export class McpNotes {
  readonly all: Note[] = []
  private readonly waiters = new Set<() => void>()

  /** Installs the handlers; call from mcpClient's setup, before connecting. */
  attach (client: Client): void {
    client.setNotificationHandler(LoggingMessageNotificationSchema, n => { this.push({ method: 'notifications/message', data: n.params.data, at: performance.now() }) })
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, n => { this.push({ method: 'notifications/resources/updated', uri: n.params.uri, at: performance.now() }) })
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => { this.push({ method: 'notifications/resources/list_changed', at: performance.now() }) })
  }

  private push (n: Note): void {
    this.all.push(n)
    for (const w of [...this.waiters]) w()
  }

  /** Where the next note will be: pass it to next() to wait only for notes after this point. */
  mark (): number {
    return this.all.length
  }

  /** The first note at index `from` or later that matches; waits for it up to timeoutMs. */
  async next (what: string, match: (n: Note) => boolean, from = 0, timeoutMs = 15_000): Promise<Note> {
    const found = (): Note | undefined => this.all.slice(from).find(match)
    const now = found()
    if (now !== undefined) return now
    return await new Promise<Note>((resolve, reject) => {
      const check = (): void => {
        const n = found()
        if (n === undefined) return
        this.waiters.delete(check)
        clearTimeout(timer)
        resolve(n)
      }
      const timer = setTimeout(() => {
        this.waiters.delete(check)
        reject(new Error(`timed out waiting for ${what}; notes so far: ${JSON.stringify(this.all.slice(from)).slice(0, 800)}`))
      }, timeoutMs)
      this.waiters.add(check)
    })
  }

  /** Logging notices whose data has this event name, from `from` on. */
  notices (event: string, from = 0): any[] {
    return this.all.slice(from).filter(n => n.method === 'notifications/message' && n.data?.event === event).map(n => n.data)
  }

  /** resources/updated notes for this uri, from `from` on. */
  updates (uri: string, from = 0): Note[] {
    return this.all.slice(from).filter(n => n.method === 'notifications/resources/updated' && n.uri === uri)
  }
}

export const isNotice = (event: string, extra: (d: any) => boolean = () => true) => (n: Note): boolean => n.method === 'notifications/message' && n.data?.event === event && extra(n.data)
export const isUpdate = (uri: string) => (n: Note): boolean => n.method === 'notifications/resources/updated' && n.uri === uri
export const isListChanged = (n: Note): boolean => n.method === 'notifications/resources/list_changed'
