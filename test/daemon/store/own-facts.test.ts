// The node's own facts, held in memory for the gossip publisher as their transactions commit: a write that failed
// (its savepoint taken back) or a transaction rolled back leaves none behind, facts learned from peers are never
// held, and each fact taken names the row the log holds under its seq (a seq taken back is given out again).
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { Store } from '../../../daemon/store/index.js'
import { utf8 } from '../../../cards/index.js'
import { tempDir } from '../../helpers/cli.js'

const text = (b: Uint8Array): string => new TextDecoder().decode(b)

describe('own facts for the publisher', () => {
  it('holds exactly the own facts committed, in seq order, each as the log holds it', async () => {
    const s = Store.open(join(tempDir(), 'node.db'))
    s.facts.collectOwn(true)
    const append = (name: string): void => { s.facts.append('card', utf8(name), 1) }

    await s.commit.run(() => append('a'))
    // one group: a write that appended and then threw is taken back alone, and its seq given to the next fact
    const failed = s.commit.run(() => {
      append('b')
      throw new Error('no')
    })
    const kept = s.commit.run(() => append('c'))
    const learned = s.commit.run(() => s.facts.learning(() => append('d')))
    await expect(failed).rejects.toThrow('no')
    await kept
    await learned
    // a transaction of its own, rolled back; a savepoint inside one, taken back while the transaction commits
    expect(() => s.tx(() => {
      append('e')
      throw new Error('no')
    })).toThrow('no')
    s.tx(() => {
      append('f')
      try {
        s.tx(() => {
          append('g')
          throw new Error('no')
        })
      } catch {}
      append('h')
    })
    append('i') // a statement of its own

    const taken = s.facts.takeOwn(Number.MAX_SAFE_INTEGER, 100)
    expect(taken.map(f => text(f.bytes))).toEqual(['a', 'c', 'f', 'h', 'i'])
    for (const f of taken) {
      const row = s.db.prepare('SELECT bytes FROM facts WHERE seq = ?').get(f.seq) as { bytes: Buffer }
      expect(text(row.bytes), `seq ${f.seq}`).toBe(text(f.bytes))
    }
    expect(taken.map(f => f.seq)).toEqual([...taken.map(f => f.seq)].sort((p, q) => p - q))
    expect(s.facts.ownWaiting()).toBe(false)
    s.close()
  })

  it('hands out only facts below the first seq not yet durable, the rest at a later call; none while no publisher takes them', async () => {
    const s = Store.open(join(tempDir(), 'node.db'))
    s.facts.append('card', utf8('before'), 1) // no publisher yet: not held
    s.facts.collectOwn(true)
    for (const name of ['x', 'y', 'z']) await s.commit.run(() => s.facts.append('card', utf8(name), 1))
    const [x] = s.facts.takeOwn(Number.MAX_SAFE_INTEGER, 1)
    expect(text(x.bytes)).toBe('x')
    expect(s.facts.takeOwn(x.seq + 2, 100).map(f => text(f.bytes))).toEqual(['y'])
    expect(s.facts.ownWaiting()).toBe(true)
    expect(s.facts.takeOwn(Number.MAX_SAFE_INTEGER, 100).map(f => text(f.bytes))).toEqual(['z'])
    s.facts.collectOwn(false)
    await s.commit.run(() => s.facts.append('card', utf8('after'), 1))
    expect(s.facts.ownWaiting()).toBe(false)
    s.close()
  })
})
