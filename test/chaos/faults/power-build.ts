// A broken build for the power-loss suite's proof that it can fail: a mutant copy of dist/ made by rewriting the
// built store; the product has no such switch. The default mutant never fsyncs: synchronous=OFF, and the group
// commit's fdatasync of the log skipped. AIOS_POWER_MUTANT picks another: nofsync (only that fdatasync skipped), or
// early (the fdatasync runs, but a durable group settles, and its receipt is signed and sent, before it returns).
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { mutantBuild, type Patch } from './mutant.js'

const FULL = 'synchronous = FULL'
const FSYNC = 'fdatasync(wal.fd, after)' // the group commit's fsync of the log, on the thread pool
const NEEDS = 'const needs = wrote && !relaxed && deferred ? this.started + 1 : 0' // the fsync a durable group waits for

const MUTANTS: Record<string, { label: string, patches: Patch[] }> = {
  // every place the built store sets the pragma (the open, and the group commit's return to the default after a
  // NORMAL commit), and the fsync that makes a NORMAL durable commit durable
  syncoff: {
    label: 'synchronous=OFF',
    patches: [
      { file: 'daemon/store/db.js', from: FULL, to: 'synchronous = OFF' },
      { file: 'daemon/store/group-commit.js', from: FULL, to: 'synchronous = OFF' },
      { file: 'daemon/store/group-commit.js', from: FSYNC, to: 'after(null)' }
    ]
  },
  nofsync: {
    label: 'no fsync of the log',
    patches: [{ file: 'daemon/store/group-commit.js', from: FSYNC, to: 'after(null)' }]
  },
  early: {
    label: 'settles before its fsync',
    patches: [{ file: 'daemon/store/group-commit.js', from: NEEDS, to: 'const needs = 0; if (wrote && !relaxed && deferred) { this.dirty = true; this.pump() }' }]
  }
}

export interface MutatedBuild {
  /** the copy's CLI entry (dist/cli/main.js) */
  cli: string
  /** how many places of the built code were patched */
  replaced: number
  /** the mutant's name in the summary table */
  label: string
}

/** The mutant named by AIOS_POWER_MUTANT (synchronous=OFF by default); throws when a place is not patched, or when
 * the OFF mutant left any synchronous = FULL in the store. */
export function mutatedBuild (): MutatedBuild {
  const name = process.env.AIOS_POWER_MUTANT ?? 'syncoff'
  const m = MUTANTS[name]
  if (m === undefined) throw new Error(`unknown AIOS_POWER_MUTANT ${name}; known: ${Object.keys(MUTANTS).join(', ')}`)
  const cli = mutantBuild(name, m.patches)
  if (name === 'syncoff') {
    const store = join(dirname(dirname(cli)), 'daemon', 'store')
    const left = readdirSync(store).filter(f => f.endsWith('.js') && readFileSync(join(store, f), 'utf8').includes(FULL))
    if (left.length > 0) throw new Error(`the synchronous=OFF mutant left ${FULL} in ${left.join(', ')}`)
  }
  return { cli, replaced: m.patches.length, label: m.label }
}
