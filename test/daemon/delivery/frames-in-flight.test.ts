// A sender keeps at most DELIVER_FRAMES_IN_FLIGHT deliver frames unanswered on its stream to a peer. The recipient
// handles that many at once and its stream buffers what arrives meanwhile (yamux grants window as data arrives, not
// as it is read); a sender past the bound filled that buffer with large messages, the recipient's libp2p aborted
// the stream, and every batch on it waited out a retry backoff. Real daemons: the messages wait at the sender while the
// recipient is down, so they leave together in full frames once it is up; it runs under strace, which holds every
// fdatasync's return for a second, so what was sent piles up while it handles its first frames.
import { describe, expect, it } from 'vitest'
import { createMesh } from '../../helpers/mesh.js'
import { STRACE, killTracedWhenDone } from '../../helpers/strace.js'

const DELAY_US = 1_000_000
const MESSAGES = 400
const BODY = 'x'.repeat(64 * 1024)
const WAIT_MS = 120_000

describe('deliver frames in flight', () => {
  it('64 KB messages far past what frames in flight hold are all delivered on one stream, none refused or retried', async () => {
    const [a, b] = await createMesh(2, {
      start: false,
      prefix: i => i === 1 ? [STRACE, '-f', '-qq', '-o', '/dev/null', '-e', 'trace=fdatasync', '-e', `inject=fdatasync:delay_exit=${DELAY_US}`] : []
    })
    await a.daemon.start()
    const sent: string[] = []
    for (let i = 0; i < MESSAGES; i += 50) {
      const chunk = await Promise.all(Array.from({ length: Math.min(50, MESSAGES - i) }, async (_, k) => await a.daemon.call('notify', { to: 'agent-b', text: `${i + k} ${BODY}` })))
      sent.push(...chunk.map(r => r.obligation))
    }
    await b.daemon.start()
    killTracedWhenDone(b.daemon)
    const states = await Promise.all(sent.map(async ob => (await a.daemon.call('wait', { obligation: ob, state: 'DELIVERED', timeoutMs: WAIT_MS })).state))
    expect(states.filter(s => s !== 'DELIVERED')).toEqual([])

    // the recipient's stream was never aborted under the sender, nor an answer lost with it
    for (const line of ['deliver stream overflowed', 'deliver frame failed', 'deliver stream closed']) expect(b.daemon.stderr, line).not.toContain(line)
  }, 240_000)
})
