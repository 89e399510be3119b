// A fact goes to a peer once. Two real daemons: each DELIVERED receipt reaches the sender in its deliver answer and
// by no gossip (the sender is the only peer listening), the sender's sync tail does not send it back to the node
// that signed it, and the sync tail still carries the receipts, as the repair for an answer that was lost.
import { describe, expect, it } from 'vitest'
import { createMesh, waitFor, type MeshNodeHandle } from '../../helpers/mesh.js'

const MESSAGES = 20
const WAIT_MS = 60_000

interface Counts { gossip: { published: number, skipped: number }, received: number }

/** x's gossip counts, and how many facts x's sync client has received from `from`'s tail. */
async function counts (x: MeshNodeHandle, from: MeshNodeHandle): Promise<Counts> {
  const s = await x.daemon.call('node.status')
  const peer = s.peers.find((p: any) => p.peerId === from.daemon.peerId)
  return { gossip: { published: s.truth.gossip.published, skipped: s.truth.gossip.skipped }, received: peer?.sync?.received ?? 0 }
}

async function delivered (from: MeshNodeHandle, to: string, text: string): Promise<string> {
  const r = await from.daemon.call('notify', { to, text, wait: 'DELIVERED', waitMs: WAIT_MS })
  expect(r.state).toBe('DELIVERED')
  return r.obligation
}

describe('a fact goes to a peer once', () => {
  it('in a mesh of two, DELIVERED travels in the answer and the tail to the sender, never back', async () => {
    const [a, b] = await createMesh(2)
    const caughtUp = async (x: MeshNodeHandle): Promise<boolean> => (await x.daemon.call('peers')).every((p: any) => p.sync?.caughtUpAt !== undefined)
    await waitFor('each has read the other\'s log', async () => await caughtUp(a) && await caughtUp(b), ok => ok, WAIT_MS)
    // until b sees a subscribed, a gossip message has no listener to leave out: messages until b leaves one out
    let n = 0
    await waitFor('a receipt b did not gossip', async () => {
      await delivered(a, 'agent-b', `warm-up ${n++}`)
      return (await counts(b, a)).gossip.skipped
    }, skipped => skipped > 0, WAIT_MS)

    const bBefore = await counts(b, a)
    const aBefore = await counts(a, b)
    for (let i = 0; i < MESSAGES; i++) await delivered(a, 'agent-b', `message ${i}`)
    // a fact of a's own after the receipts it learned from b: once b's sync client has it, a's tail has passed them all
    const marker = await delivered(b, 'agent-a', 'marker')
    await waitFor('the marker by a\'s tail', async () => (await counts(b, a)).received, got => got > bBefore.received, WAIT_MS)
    const bAfter = await counts(b, a)
    // and b's tail carried the receipts to a (a held them from the answers already)
    await waitFor('the receipts by b\'s tail', async () => (await counts(a, b)).received, got => got >= aBefore.received + MESSAGES, WAIT_MS)

    expect(bAfter.gossip.skipped - bBefore.gossip.skipped, 'DELIVERED receipts b left out of gossip').toBe(MESSAGES)
    expect(bAfter.gossip.published - bBefore.gossip.published, 'facts b gossiped').toBe(0)
    expect(bAfter.received - bBefore.received, 'facts a\'s tail sent to b: the marker alone, none of b\'s own receipts').toBe(1)
    expect((await a.daemon.call('status', { obligation: marker })).state).toBe('DELIVERED')
  }, 120_000)
})
