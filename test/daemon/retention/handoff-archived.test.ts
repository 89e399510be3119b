// An obligation final and archived here stays archived whichever way its message comes back: delivered again, or
// handed over as a seat move hands its messages over, it is answered OBLIGATION_ARCHIVED, never stored or woken.
// A real store and the node's own accept paths.
import { afterEach, describe, expect, it } from 'vitest'
import { envelopeFromWire, messageFromWire } from '../../../proto/index.js'
import { acceptMessages, acceptReceipts } from '../../../daemon/messaging/index.js'
import { acceptHandoffs } from '../../../daemon/messaging/handoff.js'
import { compact } from '../../../daemon/retention/index.js'
import { createWorld, type World } from '../../chaos/fuzz/world.js'

const HOUR = 3_600_000

let world: World | undefined
afterEach(() => { world?.close(); world = undefined })

describe('an archived obligation', () => {
  it('handed over again is refused OBLIGATION_ARCHIVED, and neither stored nor queued for a wake', async () => {
    const w = world = await createWorld()
    const [bytes, header, rejected] = [w.messages[0], w.headers[0], w.receipts[3]] // held here; agent-a's REJECTED of it
    const id = messageFromWire(envelopeFromWire(bytes).payload).id
    expect((await acceptReceipts(w.core, [rejected], w.b.peerId))[0].errorCode).toBeUndefined()
    expect(w.core.store.messages.stateOf(id)?.state).toBe('REJECTED')
    const report = await compact(w.core, { archiveAfterMs: HOUR }, Date.now() + 2 * HOUR)
    expect(report.archived).toBeGreaterThanOrEqual(1)
    expect(w.core.store.retention.gone(id)).toBe('archived')

    expect((await acceptMessages(w.core, [bytes], [header], w.b.peerId))[0].errorCode).toBe('OBLIGATION_ARCHIVED')
    const [handed] = await acceptHandoffs(w.core, [{ message: bytes, header, receipts: [] }], w.b.peerId)
    expect(handed.errorCode).toBe('OBLIGATION_ARCHIVED')
    expect(w.core.store.messages.message(id)).toBeUndefined()
    expect(w.core.store.carriers.queued(id)).toBeUndefined()
    expect(w.core.store.retention.gone(id)).toBe('archived')
  })
})
