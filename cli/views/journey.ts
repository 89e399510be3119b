// One obligation (`status OB`): its state, then its journey step by step with time, node, signer and checks.
import { table } from '../output.js'
import { shortId } from './short.js'
import type { StatusResult } from '../../daemon/control/methods.js'

export function obligationText (r: StatusResult): string {
  const head = `${r.obligation}  ${r.state}\nfrom ${r.from} to ${r.to}${r.sentAt !== undefined ? `, sent ${r.sentAt}` : ''}`
  const steps = r.journey ?? []
  const rows = steps.map(s => [
    s.step,
    s.status === 'done' ? s.at : s.status,
    shortId(s.node),
    shortId(s.signer, 14, 6),
    s.verified === true ? 'verified' : s.verified === false ? 'NOT VERIFIED' : undefined,
    [s.evidence, s.detail].filter(x => x !== undefined && x !== '').join('; ')
  ])
  // the newest COMPLETE's (an audited obligation's later round names a file of its own)
  const evidence = r.receipts.filter(x => x.evidence !== undefined && x.state === 'COMPLETE').at(-1)?.evidence ?? r.receipts.find(x => x.evidence !== undefined)?.evidence
  const file = evidence === undefined ? '' : `\nevidence ${evidence.path} sha256 ${evidence.sha256} (${evidence.size} bytes)`
  const leases = r.leases === undefined || r.leases.length === 0 ? ''
    : `\n\nleases (granted by ${r.from}'s node):\n${table(['FENCE', 'HOLDER', 'GRANTED', 'EXPIRES', 'END'], r.leases.map(l => [String(l.fence), l.holder, l.grantedAt, l.expiresAt, l.end === 'released' ? `released ${l.releasedAt ?? ''}` : l.end]))}`
  return `${head}\n\n${table(['STEP', 'AT', 'NODE', 'SIGNER', 'SIGNATURE', 'EVIDENCE / DETAIL'], rows)}${file}${leases}\n\n${r.done === true ? 'DONE' : 'NOT DONE'}: ${r.verdict}`
}
