// Every code has the exit status the command line gave it before the table of codes existed, and a one-line fix.
import { describe, expect, it } from 'vitest'
import { CODES } from '../../cards/index.js'
import { EXIT, exitCodeFor } from '../../cli/exit-codes.js'

// The mapping scripts rely on, frozen as it was written by prefix: the table must reproduce it code by code.
const REFUSED = /^(CARD_|ENDORSEMENT_|REVOCATION_|REQUEST_|HANDLE_CONFLICT$|BAD_SIGNATURE$|EVIDENCE_|SEAT_TOKEN_|SEAT_[A-Z_]*FORBIDDEN$|FIELD_TOO_LARGE$|IDEMPOTENCY_KEY_REUSED$|INVITE_INVALID$|MAILBOX_NOT_SERVING$|MAILBOX_DEST_NOT_TRUSTED$|OBLIGATION_NOT_SENDER$|OBLIGATION_CANCELED$)/
// the A2A client: an agent card or answer refused by a verification or bound rule; a URL that is none is a usage error
const A2A_CLIENT_REFUSED = /^(A2A_CARD_|A2A_ANSWER_TOO_LARGE$|A2A_REDIRECT_REFUSED$)/
// role work: a step or lease refused by a lease rule; a lease length that is none is a usage error
const LEASE_REFUSED = /^(ROLE_EMPTY|NOT_IN_ROLE|NOT_ROLE_WORK|LEASE_HELD|LEASE_REQUIRED|LEASE_NOT_HELD|LEASE_EXPIRED|LEASE_FENCE_STALE|LEASE_RELEASED|LEASE_REQUEST_STALE|LEASE_INVALID)$/
// retention: a late copy of an archived obligation is refused; a policy that is none is a usage error
const RETENTION = { OBLIGATION_ARCHIVED: EXIT.refused, RETENTION_INVALID: EXIT.usage } as Record<string, number>
// capabilities: a manifest or skill name that is none is a plain failure (like ROLE_INVALID); no seat with the skill is a refusal
const CAPABILITIES = { SKILLS_INVALID: EXIT.failure, NO_SKILL_MATCH: EXIT.refused } as Record<string, number>
// audits: a verdict or an audit step refused by an audit rule; an auditor that is none is a usage error
const AUDIT = { AUDITOR_INVALID: EXIT.usage } as Record<string, number>
const AUDIT_REFUSED = /^(AUDIT_INVALID|AUDIT_BEFORE_COMPLETE|AUDIT_OWN_WORK|NOT_AUDITOR|AUDIT_DONE|AUDIT_PENDING)$/
function frozen (code: string): number {
  if (RETENTION[code] !== undefined) return RETENTION[code]
  if (AUDIT[code] !== undefined) return AUDIT[code]
  if (AUDIT_REFUSED.test(code)) return EXIT.refused
  if (CAPABILITIES[code] !== undefined) return CAPABILITIES[code]
  if (code === 'A2A_URL_INVALID' || code === 'LEASE_DURATION_INVALID' || code === 'OTLP_ENDPOINT_INVALID') return EXIT.usage
  if (LEASE_REFUSED.test(code)) return EXIT.refused
  if (A2A_CLIENT_REFUSED.test(code)) return EXIT.refused
  if (code === 'USAGE' || code === 'IDEMPOTENCY_KEY_INVALID') return EXIT.usage
  if (code === 'DAEMON_NOT_RUNNING') return EXIT.noDaemon
  if (code === 'NOT_INITIALIZED' || code === 'KEY_MISSING') return EXIT.notInitialized
  if (REFUSED.test(code)) return EXIT.refused
  return EXIT.failure
}

describe('error codes', () => {
  const codes = Object.keys(CODES)

  it('give every code the exit status it always had', () => {
    expect(codes.length).toBeGreaterThan(150)
    expect(codes.filter(c => exitCodeFor(c) !== frozen(c))).toEqual([])
    expect(exitCodeFor('SEAT_METHOD_FORBIDDEN')).toBe(EXIT.refused)
    expect(exitCodeFor('SEAT_FILE_MALFORMED')).toBe(EXIT.failure)
  })

  it('give every code a one-line fix and an UPPER_SNAKE name', () => {
    for (const [code, info] of Object.entries(CODES)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/)
      expect(info.fix.trim(), code).not.toBe('')
      expect(info.fix, code).not.toMatch(/\n/)
    }
  })

  it('treat a code outside the set (a node of another version) as a plain failure', () => {
    expect(exitCodeFor('SOMETHING_NEW')).toBe(EXIT.failure)
  })
})
