// A broken build for the power-loss suite's proof that it can fail: a mutant copy of dist/ whose store runs with
// synchronous=OFF (no fsync at all), made by rewriting the built code; the product has no such switch.
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { mutantBuild } from './mutant.js'

const FROM = 'synchronous = FULL'
const TO = 'synchronous = OFF'
// every place the built store sets the pragma: the open, and the group commit's return from a relaxed commit
const FILES = ['daemon/store/db.js', 'daemon/store/group-commit.js']

export interface MutatedBuild {
  /** the copy's CLI entry (dist/cli/main.js) */
  cli: string
  /** how many places of the built code said synchronous = FULL (each one now says OFF) */
  replaced: number
}

/** The synchronous=OFF mutant; throws when a place is not patched or any synchronous = FULL is left in the store. */
export function mutatedBuild (): MutatedBuild {
  const cli = mutantBuild('syncoff', FILES.map(file => ({ file, from: FROM, to: TO })))
  const store = join(dirname(dirname(cli)), 'daemon', 'store')
  const left = readdirSync(store).filter(f => f.endsWith('.js') && readFileSync(join(store, f), 'utf8').includes(FROM))
  if (left.length > 0) throw new Error(`the synchronous=OFF mutant left ${FROM} in ${left.join(', ')}`)
  return { cli, replaced: FILES.length }
}
