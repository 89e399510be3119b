// MCP logging notices of `aios-comm mcp` through the official SDK client on real daemons: a new message as soon as
// the daemon delivers it (no poll), the seat's own sent obligations reaching COMPLETE or REJECTED, and the watch
// subscription coming back after a daemon restart. One two-node mesh serves the file, each test speaking through its
// own seats; the restart test stops the second node's daemon, so it runs last.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { subscribe } from '../../cli/control-client.js'
import { mcpClient, mcpErrorOf } from '../helpers/mcp.js'
import { McpNotes, isNotice, isUpdate } from '../helpers/mcp-notes.js'
import { waitFor, type MeshNodeHandle } from '../helpers/mesh.js'
import { startSharedMesh, type SharedMesh } from '../helpers/shared-mesh.js'

const say = (line: string): void => { process.stdout.write(`[mcp-notices] ${line}\n`) }
const LATE_MS = 1000 // a notice driven by the delivered event comes within milliseconds; a 2 s poll misses this for a message sent just after a tick

let mesh: SharedMesh
let a: MeshNodeHandle
let b: MeshNodeHandle
beforeAll(async () => {
  mesh = await startSharedMesh([['note-a', 'done-a', 'cancel-a', 'quiet-a', 'back-a'], ['note-b', 'done-b', 'cancel-b', 'quiet-b', 'back-b']])
  ;[a, b] = mesh.nodes
}, 60_000)
afterAll(async () => { await mesh?.close() })

async function connect (node: MeshNodeHandle, as: string, args: string[] = []): Promise<{ client: Client, notes: McpNotes }> {
  const notes = new McpNotes()
  const client = await mcpClient(node.home, as, { args, setup: c => notes.attach(c) })
  return { client, notes }
}

describe('aios-comm mcp notices', () => {
  it('announces each new message from another node within a second of its delivery, without polling', async () => {
    const B = await connect(b, 'note-b')
    await B.notes.next('the server watching the daemon', isNotice('watching'))
    const deliveredAt = new Map<string, number>()
    const watch = await subscribe(b.home, 'watch', { types: ['delivered'] }, e => { if (e.type === 'delivered') deliveredAt.set(e.obligation, performance.now()) })
    try {
      for (let i = 1; i <= 3; i++) {
        const sent = await a.daemon.call('notify', { as: 'note-a', to: 'note-b', text: `message ${i}: please look at   the\nlogs` })
        const n = await B.notes.next(`the notice of message ${i}`, isNotice('message', d => d.obligation === sent.obligation))
        const at = await waitFor('the delivered event', () => deliveredAt.get(sent.obligation), t => t !== undefined)
        const late = Math.round(n.at - at!)
        say(`message ${i}: B ← notifications/message ${JSON.stringify(n.data)} (${late} ms after the daemon's delivered event)`)
        expect(n.data).toMatchObject({ event: 'message', obligation: sent.obligation, from: 'note-a', to: 'note-b', state: 'DELIVERED', preview: `message ${i}: please look at the logs` })
        expect(late).toBeLessThan(LATE_MS)
      }
    } finally {
      watch.close()
    }
  }, 45_000)

  it('tells the sender when its obligation reaches COMPLETE (sentence and evidence) or REJECTED (reason), and updates a subscribed journey', async () => {
    const A = await connect(a, 'done-a')
    await A.notes.next('the server watching the daemon', isNotice('watching'))
    const done = await a.daemon.call('notify', { as: 'done-a', to: 'done-b', text: 'summarise the build log' })
    const refused = await a.daemon.call('notify', { as: 'done-a', to: 'done-b', text: 'delete the production database' })
    const journey = `aios://obligation/${done.obligation}/journey`
    await A.client.subscribeResource({ uri: journey })
    await waitFor('both at B', async () => await b.daemon.call('inbox', { as: 'done-b' }), items => items.filter(i => i.obligation === done.obligation || i.obligation === refused.obligation).length === 2)
    const mark = A.notes.mark()
    const acked = await b.daemon.call('ack', { as: 'done-b', obligation: done.obligation, sentence: 'summarised in notes/build.md' })
    await b.daemon.call('reject', { as: 'done-b', obligation: refused.obligation, reason: 'not without a ticket' })

    const c = await A.notes.next('the COMPLETE notice', isNotice('obligation', d => d.obligation === done.obligation), mark)
    say(`A ← notifications/message ${JSON.stringify(c.data)}`)
    expect(c.data).toMatchObject({ event: 'obligation', obligation: done.obligation, to: 'done-b', state: 'COMPLETE', sentence: 'summarised in notes/build.md', evidence: { sha256: acked.evidence.sha256, size: acked.evidence.size } })
    expect(c.data.text).toContain('summarised in notes/build.md')
    const r = await A.notes.next('the REJECTED notice', isNotice('obligation', d => d.obligation === refused.obligation), mark)
    say(`A ← notifications/message ${JSON.stringify(r.data)}`)
    expect(r.data).toMatchObject({ event: 'obligation', obligation: refused.obligation, to: 'done-b', state: 'REJECTED', reason: 'not without a ticket' })
    expect(r.data.text).toContain('not without a ticket')
    await A.notes.next(`an update of ${journey}`, isUpdate(journey), mark)
    // one notice per obligation: the COMPLETE receipt's earlier steps (READ, CONSUMED) are not announced
    expect(A.notes.notices('obligation', mark).map(d => `${d.obligation as string} ${d.state as string}`).sort()).toEqual([`${done.obligation} COMPLETE`, `${refused.obligation} REJECTED`].sort())
  }, 45_000)

  it('a withdrawal: the sender hears its obligation CANCELED, the recipient hears the message was withdrawn, both with the reason', async () => {
    const A = await connect(a, 'cancel-a')
    const B = await connect(b, 'cancel-b')
    await A.notes.next('A watching the daemon', isNotice('watching'))
    await B.notes.next('B watching the daemon', isNotice('watching'))
    const sent = await a.daemon.call('notify', { as: 'cancel-a', to: 'cancel-b', text: 'rebuild the index' })
    await B.notes.next('the new-message notice at B', isNotice('message', d => d.obligation === sent.obligation))
    const markA = A.notes.mark()
    const markB = B.notes.mark()
    await a.daemon.call('cancel', { as: 'cancel-a', obligation: sent.obligation, reason: 'the index was rebuilt by hand' })
    const mine = await A.notes.next('the CANCELED notice at the sender', isNotice('obligation', d => d.obligation === sent.obligation), markA)
    say(`A ← notifications/message ${JSON.stringify(mine.data)}`)
    expect(mine.data).toMatchObject({ event: 'obligation', obligation: sent.obligation, to: 'cancel-b', state: 'CANCELED', reason: 'the index was rebuilt by hand' })
    const theirs = await B.notes.next('the withdrawal notice at the recipient', isNotice('withdrawn', d => d.obligation === sent.obligation), markB)
    say(`B ← notifications/message ${JSON.stringify(theirs.data)}`)
    expect(theirs.data).toMatchObject({ event: 'withdrawn', obligation: sent.obligation, from: 'cancel-a', state: 'CANCELED', reason: 'the index was rebuilt by hand', verified: true })
    expect(theirs.data.text).toContain('the index was rebuilt by hand')
  }, 45_000)

  it('with --no-watch opens no subscription: no subscribe capability and no notices', async () => {
    const B = await connect(b, 'quiet-b', ['--no-watch'])
    const caps = B.client.getServerCapabilities()
    say(`--no-watch capabilities → ${JSON.stringify(caps)}`)
    expect(caps?.resources?.subscribe).not.toBe(true)
    expect(caps?.resources?.listChanged).not.toBe(true)
    const sent = await a.daemon.call('notify', { as: 'quiet-a', to: 'quiet-b', text: 'quietly' })
    await waitFor('the message at B', async () => await b.daemon.call('inbox', { as: 'quiet-b' }), items => items.some(i => i.obligation === sent.obligation))
    // the resources still answer; a round trip after delivery lets any notice sent before it arrive first
    expect((await B.client.listResources()).resources.map(r => r.uri)).toContain(`aios://message/${sent.obligation}`)
    expect(B.notes.all).toEqual([])
  }, 45_000)

  it('comes back after a daemon restart: reads fail fast while it is down, then notices and updates resume', async () => {
    const B = await connect(b, 'back-b')
    await B.client.subscribeResource({ uri: 'aios://inbox' })
    await B.notes.next('the server watching the daemon', isNotice('watching'))
    await b.daemon.stop()
    const lost = await B.notes.next('the watch lost', isNotice('watch-lost'))
    say(`B ← notifications/message ${JSON.stringify(lost.data)}`)
    const down = await mcpErrorOf(B.client.readResource({ uri: 'aios://inbox' }))
    say(`read aios://inbox while the daemon is down → JSON-RPC ${down.rpc} ${down.code}`)
    expect(down.code).toBe('DAEMON_NOT_RUNNING')

    const mark = B.notes.mark()
    await b.daemon.start()
    const back = await B.notes.next('the server watching again', isNotice('watching'), mark)
    say(`B ← notifications/message ${JSON.stringify(back.data)}`)
    const sent = await a.daemon.call('notify', { as: 'back-a', to: 'back-b', text: 'are you back?' })
    const n = await B.notes.next('the notice after the restart', isNotice('message', d => d.obligation === sent.obligation), mark, 30_000)
    say(`B ← notifications/message ${JSON.stringify(n.data)}`)
    await B.notes.next('an inbox update after the restart', isUpdate('aios://inbox'), B.notes.all.indexOf(back) + 1)
  }, 60_000)
})
