// One obligation (`status OB`): its state, then its journey step by step with time, node, signer and checks.
import { table } from '../output.js'
import { shortId } from './short.js'

export function obligationText (r: any): string {
  const head = `${r.obligation as string}  ${r.state as string}\nfrom ${r.from as string} to ${r.to as string}${r.sentAt !== undefined ? `, sent ${r.sentAt as string}` : ''}`
  const steps = (r.journey ?? []) as any[]
  const rows = steps.map(s => [
    s.step,
    s.status === 'done' ? s.at : s.status,
    shortId(s.node),
    shortId(s.signer, 14, 6),
    s.verified === true ? 'verified' : s.verified === false ? 'NOT VERIFIED' : undefined,
    [s.evidence, s.detail].filter(x => x !== undefined && x !== '').join('; ')
  ])
  const evidence = (r.receipts as any[]).find(x => x.evidence !== undefined)?.evidence
  const file = evidence === undefined ? '' : `\nevidence ${evidence.path as string} sha256 ${evidence.sha256 as string} (${evidence.size as number} bytes)`
  return `${head}\n\n${table(['STEP', 'AT', 'NODE', 'SIGNER', 'SIGNATURE', 'EVIDENCE / DETAIL'], rows)}${file}\n\n${r.done === true ? 'DONE' : 'NOT DONE'}: ${r.verdict as string}`
}
