// The doctor's check of each hosted seat's endorsement: FAIL once it has expired or been revoked (peers refuse the
// seat), WARN (still OK) in the last 30 days before it expires, each with how to renew.
import { checkEndorsement, keyText, verifyEndorsement } from '../../cards/index.js'
import type { HomeContext } from '../home/context.js'
import { fail, pass, warn, type DoctorCheck } from './types.js'
import { errorText } from '../runtime/errors.js'

const DAY_MS = 86_400_000
export const EXPIRY_WARNING_MS = 30 * DAY_MS // a month: time for the owner, who may be away, to run one command

export function endorsementChecks (ctx: HomeContext, nowMs = Date.now()): DoctorCheck[] {
  const trust = ctx.trustContext(nowMs)
  const checks: DoctorCheck[] = []
  let owned
  try {
    owned = ctx.meshOwnerKey()
  } catch (err) {
    checks.push(fail('mesh key', errorText(err), 'restore mesh.key from a backup: a new key would be a new mesh that no member trusts'))
  }
  for (const seat of ctx.store.identity.actors()) {
    if (!seat.hosted || seat.endorsement === undefined) continue
    const name = `endorsement ${seat.handle}`
    const own = verifyEndorsement(seat.endorsement)
    const here = owned !== undefined && own.ok && keyText(own.value.meshKey) === keyText(owned.publicKey)
    const renew = here
      ? `aios-comm mesh renew ${seat.handle} (this home owns its mesh)`
      : `ask the mesh owner to run: aios-comm mesh renew ${seat.handle} (the renewal reaches this node by itself and its card is re-signed)`
    const e = checkEndorsement(seat.endorsement, seat.handle, ctx.actorKey(seat.handle).publicKey, trust)
    if (!e.ok) {
      if (e.code === 'CARD_EXPIRED' && own.ok) checks.push(fail(name, `expired at ${new Date(own.value.expiresAtMs).toISOString()}: peers refuse ${seat.handle} and its node`, renew))
      else if (e.code === 'CARD_REVOKED') checks.push(fail(name, `${e.reason}: it is never renewed`, `give the seat a new key and have it admitted again (aios-comm actor add, aios-comm mesh admit)`))
      else checks.push(fail(name, e.reason, renew))
      continue
    }
    const until = new Date(e.endorsement.expiresAtMs).toISOString()
    const left = e.endorsement.expiresAtMs - nowMs
    if (left <= EXPIRY_WARNING_MS) checks.push(warn(name, `expires at ${until} (in ${inDays(left)}); then peers refuse ${seat.handle}`, renew))
    else checks.push(pass(name, `valid until ${until}`))
  }
  return checks
}

function inDays (ms: number): string {
  if (ms >= DAY_MS) return `${Math.floor(ms / DAY_MS)} days`
  if (ms >= 3_600_000) return `${Math.floor(ms / 3_600_000)} hours`
  return `${Math.max(1, Math.floor(ms / 60_000))} minutes`
}
