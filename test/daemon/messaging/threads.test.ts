// Conversations after an upgrade: messages stored before the thread column existed (thread NULL) are indexed from
// their signed envelopes the first time a conversation is asked for, and both sides list the same conversation.
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { homePaths } from '../../../daemon/index.js'
import { createMesh, query } from '../../helpers/mesh.js'

describe('thread', () => {
  it('finds messages stored before threads were indexed, by thread id and by the opening obligation id', async () => {
    const [a, b] = await createMesh(2)
    const opening = await a.daemon.call('notify', { as: 'agent-a', to: 'agent-b', text: 'plan the release' })
    await a.daemon.call('wait', { obligation: opening.obligation, state: 'DELIVERED' })
    const answer = await b.daemon.call('reply', { as: 'agent-b', obligation: opening.obligation, text: 'friday' })
    expect(answer.thread).toBe(opening.obligation)
    await b.daemon.call('wait', { obligation: answer.obligation, state: 'DELIVERED' })
    const tagged = await a.daemon.call('notify', { as: 'agent-a', to: 'agent-b', text: 'tag it', thread: 'release-9' })
    await a.daemon.call('wait', { obligation: tagged.obligation, state: 'DELIVERED' })

    // as if stored by a version without the column: every thread forgotten, under the running daemon (it keeps no
    // thread in memory: each conversation asked for reads the column)
    const db = new Database(homePaths(b.home).db)
    db.pragma('busy_timeout = 5000')
    expect(db.prepare('UPDATE messages SET thread = NULL').run().changes).toBe(3)
    db.close()

    const byId = await b.daemon.call('thread', { as: 'agent-b', thread: opening.obligation })
    expect(byId.messages.map(m => [m.obligation, m.direction])).toEqual([[opening.obligation, 'in'], [answer.obligation, 'out']])
    expect((await b.daemon.call('thread', { as: 'agent-b', thread: 'release-9' })).messages.map(m => m.obligation)).toEqual([tagged.obligation])
    expect(query(b.home, 'SELECT count(*) AS n FROM messages WHERE thread IS NULL')[0].n).toBe(0)
    // a thread id that names a message of the seat stands for that message's thread
    expect((await b.daemon.call('thread', { as: 'agent-b', thread: tagged.obligation })).thread).toBe('release-9')
    // the sender's side of the same conversation
    const atA = await a.daemon.call('thread', { as: 'agent-a', thread: answer.thread })
    expect(atA.messages.map(m => [m.obligation, m.direction])).toEqual([[opening.obligation, 'out'], [answer.obligation, 'in']])
  }, 45_000)
})
