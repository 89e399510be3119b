// The inbox as an MCP client sees it: the seat's own messages, and apart from them the role work offered to it
// (addressed to role:NAME, to be claimed before it is read).
import type { InboxItem } from '../../daemon/messaging/index.js'

export type OfferedItem = InboxItem & { role: NonNullable<InboxItem['role']> }

export function splitInbox<T extends InboxItem> (items: T[]): { messages: T[], offered: Array<T & OfferedItem> } {
  return {
    messages: items.filter(i => i.role === undefined),
    offered: items.filter((i): i is T & OfferedItem => i.role !== undefined)
  }
}
