// The seats held in memory never show a row that did not commit: a write drops what is held, and reads go to the
// database until its transaction has ended, so one rolled back leaves nothing behind. Real SQLite in a temp file.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Store } from '../../../daemon/store/index.js'
import type { ActorRow } from '../../../daemon/store/identity.js'

const seat = (handle: string): ActorRow => ({ handle, actorKey: `key-${handle}`, carrier: 'shell', requireEnv: [], hosted: true, createdAtMs: 1, roles: [] })
const nextTurn = async (): Promise<void> => await new Promise(resolve => setImmediate(resolve))

describe('seat cache', () => {
  let dir: string
  let store: Store
  const open = (): Store => {
    dir = mkdtempSync(join(tmpdir(), 'aios-seats-'))
    store = Store.open(join(dir, 'state.db'))
    return store
  }
  afterEach(() => {
    store?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('a seat written in a transaction that rolls back is not held, though it was read inside it', async () => {
    const id = open().identity
    expect(id.actor('agent-q')).toBeUndefined() // the miss is held
    expect(id.actors()).toEqual([])
    expect(() => store.tx(() => {
      id.insertActor(seat('agent-q'))
      expect(id.actor('agent-q')?.hosted).toBe(true) // inside: the write is seen
      expect(id.actors().map(a => a.handle)).toEqual(['agent-q'])
      throw new Error('rolled back')
    })).toThrow('rolled back')
    expect(id.actor('agent-q')).toBeUndefined()
    expect(id.actors()).toEqual([])
    await nextTurn()
    expect(id.actor('agent-q')).toBeUndefined()
    expect(id.actors()).toEqual([])
  })

  it('every write to a seat is seen by the next read: added, moved away, back, endorsed, its carrier changed', async () => {
    const id = open().identity
    expect(id.actor('agent-q')).toBeUndefined()
    id.insertActor(seat('agent-q'))
    expect(id.actor('agent-q')?.hosted).toBe(true)
    await nextTurn()
    expect(id.actors().map(a => a.handle)).toEqual(['agent-q']) // held again after the turn
    id.setHosted('agent-q', false)
    expect(id.actor('agent-q')?.hosted).toBe(false)
    expect(id.actors()).toEqual([])
    await nextTurn()
    id.upsertActor({ ...seat('agent-q'), actorKey: 'other' })
    expect(id.actor('agent-q')?.actorKey).toBe('other')
    expect(id.actors().map(a => a.actorKey)).toEqual(['other'])
    await nextTurn()
    id.setEndorsement('agent-q', new Uint8Array([1, 2, 3]))
    expect(id.actor('agent-q')?.endorsement).toEqual(new Uint8Array([1, 2, 3]))
    await nextTurn()
    id.updateCarrier('agent-q', { carrier: 'tmux', pane: '%1', requireEnv: ['HOME'] })
    expect(id.actors()[0]).toMatchObject({ carrier: 'tmux', pane: '%1', requireEnv: ['HOME'] })
  })
  it('a store closed in the turn of a seat write leaves nothing to throw on the next turn', async () => {
    const errors: unknown[] = []
    const onError = (err: unknown): void => { errors.push(err) }
    process.on('uncaughtException', onError)
    try {
      open().identity.insertActor(seat('agent-c')) // no read before: nothing about the seats is prepared yet
      store.close()
      await nextTurn()
      await nextTurn()
      expect(errors).toEqual([])
    } finally {
      process.off('uncaughtException', onError)
    }
  })
})
