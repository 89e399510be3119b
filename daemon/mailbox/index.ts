// mailbox: members' nodes that hold signed mail for a member whose node is away — the hand-off from a sender's
// outbox, the mailbox's checks, quotas and durable holding, and forwarding when the destination's node connects.
export { MAILBOX_PROTOCOL, mailboxQuotaFromEnv, type MailboxQuota } from './constants.js'
export { serveMailbox, holdFrame, type MailboxServing } from './server.js'
export { MailboxForwarder } from './forwarder.js'
export { MailboxHandoff, type WaitingItem } from './handoff.js'
export { liveReach, ReachWatch } from './reach.js'
