// Exit statuses by error code: scripts can tell a usage error from a refusal from a daemon that is down.
export const EXIT = {
  ok: 0,
  failure: 1, // anything not listed below
  usage: 2, // bad command line
  refused: 3, // a verification or trust rule said no
  noDaemon: 4, // the command needs a running daemon
  notInitialized: 5 // the home has no config or keys yet
} as const

// FIELD_TOO_LARGE: a field over the limit every node holds facts to; IDEMPOTENCY_KEY_REUSED: a key bound to another request
const REFUSED = /^(CARD_|ENDORSEMENT_|REVOCATION_|REQUEST_|HANDLE_CONFLICT$|BAD_SIGNATURE$|EVIDENCE_|SEAT_TOKEN_|SEAT_[A-Z_]*FORBIDDEN$|FIELD_TOO_LARGE$|IDEMPOTENCY_KEY_REUSED$|INVITE_INVALID$)/

export function exitCodeFor (code: string): number {
  if (code === 'USAGE' || code === 'IDEMPOTENCY_KEY_INVALID') return EXIT.usage
  if (code === 'DAEMON_NOT_RUNNING') return EXIT.noDaemon
  if (code === 'NOT_INITIALIZED' || code === 'KEY_MISSING') return EXIT.notInitialized
  if (REFUSED.test(code)) return EXIT.refused
  return EXIT.failure
}
