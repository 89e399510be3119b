// Fault injection for the crash tests: AIOS_COMM_CRASH_AT=<point> SIGKILLs the daemon the Nth time
// (AIOS_COMM_CRASH_AFTER, default 1) it passes that point. Unset, a crash point costs one string compare.

/** The points a test can name, in the order one message passes them. */
export const CRASH_POINTS = [
  'after-notify-commit', // sender: the message and its outbox row are durable, the caller has no answer yet
  'after-delivered-receipt', // recipient: DELIVERED is signed inside the open transaction that stores the message; nothing is committed
  'after-deliver-commit', // recipient: the message and its DELIVERED receipt are durable, the frame's other items not yet handled
  'before-receipt-send', // recipient: the whole frame is handled, its answer with the receipts about to be written to the stream
  'after-settle-commit', // sender: the DELIVERED receipt is stored and the outbox row done
  'after-sync-page' // any node: a page of a peer's log and the checkpoint past it are stored, later pages not yet read
] as const

export type CrashPoint = typeof CRASH_POINTS[number]

let passes = 0

export function crashPoint (name: CrashPoint): void {
  if (process.env.AIOS_COMM_CRASH_AT !== name) return
  passes++
  const after = Number(process.env.AIOS_COMM_CRASH_AFTER ?? '1')
  if (passes >= (Number.isInteger(after) && after > 0 ? after : 1)) process.kill(process.pid, 'SIGKILL')
}
