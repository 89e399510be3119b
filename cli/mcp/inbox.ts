// The inbox as an MCP client sees it: the seat's own messages, and apart from them the role work offered to it
// (addressed to role:NAME, to be claimed before it is read), and the COMPLETEs it audits (to judge with audit).
import type { InboxItem } from '../../daemon/messaging/index.js'

export type OfferedItem = InboxItem & { role: NonNullable<InboxItem['role']> }

export type AuditItem = InboxItem & { audit: NonNullable<InboxItem['audit']> }

export function splitInbox<T extends InboxItem> (items: T[]): { messages: T[], offered: Array<T & OfferedItem>, toAudit: Array<T & AuditItem> } {
  return {
    messages: items.filter(i => i.role === undefined && i.audit === undefined),
    offered: items.filter((i): i is T & OfferedItem => i.role !== undefined),
    toAudit: items.filter((i): i is T & AuditItem => i.audit !== undefined)
  }
}
