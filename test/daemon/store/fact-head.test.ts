// The fact log's head, held in memory as transactions report how they end: after every ending (a group's write taken
// back alone, a transaction rolled back, a savepoint taken back inside one that commits, a statement of its own) it is
// exactly the highest seq the log holds, and inside a transaction it counts only what is committed. An overstated
// head would let the sync server hand a peer a seq that a later fact takes (the peer's checkpoint then skips it).
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { Store } from '../../../daemon/store/index.js'
import { utf8 } from '../../../cards/index.js'
import { tempDir } from '../../helpers/cli.js'

/** A small deterministic generator, so that a failure names the step it happened at. */
function rng (seed: number): () => number {
  let x = seed
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648
    return x / 2147483648
  }
}

describe('the fact log head', () => {
  it('is max(seq) after every way a write ends, and counts no uncommitted fact', async () => {
    const path = join(tempDir(), 'node.db')
    const s = Store.open(path)
    const maxSeq = (): number => (s.db.prepare('SELECT max(seq) FROM facts').pluck().get() as number | null) ?? 0
    let n = 0
    const append = (learned = false): void => {
      const add = (): void => { s.facts.append('card', utf8(`fact ${n++}`), 1) }
      if (learned) s.facts.learning(add)
      else add()
    }
    const random = rng(7)
    const inside: string[] = [] // heads seen inside transactions that counted an uncommitted fact (asserted outside them)
    const within = (what: string, before: number): void => { if (s.facts.head() !== before) inside.push(`${what}: ${s.facts.head()} against ${before}`) }
    for (let step = 0; step < 200; step++) {
      const kind = Math.floor(random() * 5)
      if (kind === 0) {
        // one group of writes queued in the same turn: some append and throw (each taken back alone)
        const writes = Array.from({ length: 1 + Math.floor(random() * 5) }, () => {
          const count = Math.floor(random() * 3)
          const fails = random() < 0.4
          const learned = random() < 0.3
          return s.commit.run(() => {
            const before = s.facts.head()
            for (let i = 0; i < count; i++) append(learned)
            within('a group', before)
            if (fails) throw new Error('no')
          })
        })
        await Promise.allSettled(writes)
      } else if (kind === 1) {
        // a transaction of its own that appends and rolls back
        expect(() => s.tx(() => {
          append()
          throw new Error('no')
        })).toThrow('no')
      } else if (kind === 2) {
        // a savepoint taken back inside a transaction that commits, with or without appends after it
        s.tx(() => {
          const before = s.facts.head()
          if (random() < 0.5) append()
          within('a transaction', before)
          try {
            s.tx(() => {
              append()
              append(true)
              throw new Error('no')
            })
          } catch {}
          if (random() < 0.5) append()
        })
      } else if (kind === 3) {
        s.tx(() => {}) // commits with nothing appended
      } else {
        append() // a statement of its own
      }
      expect(s.facts.head(), `step ${step}`).toBe(maxSeq())
      expect(inside, `step ${step}`).toEqual([])
    }
    expect(s.facts.head()).toBeGreaterThan(50)
    const head = s.facts.head()
    s.close()
    const again = Store.open(path)
    expect(again.facts.head()).toBe(head)
    again.close()
  })
})
