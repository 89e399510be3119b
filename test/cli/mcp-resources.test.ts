// MCP resources of `aios-comm mcp` through the official SDK client on real daemons: the inbox, one message (read
// without a receipt) and one obligation's journey; resources/subscribe updates driven by the daemon's watch stream.
// One two-node mesh serves the file; each test speaks through its own seats.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ok } from '../helpers/cli.js'
import { mcpClient, mcpErrorOf } from '../helpers/mcp.js'
import { McpNotes, isListChanged, isNotice, isUpdate } from '../helpers/mcp-notes.js'
import { waitFor, type MeshNodeHandle } from '../helpers/mesh.js'
import { startSharedMesh, type SharedMesh } from '../helpers/shared-mesh.js'

const say = (line: string): void => { process.stdout.write(`[mcp-resources] ${line}\n`) }
const INBOX = 'aios://inbox'
const messageUri = (ob: string): string => `aios://message/${ob}`
const journeyUri = (ob: string): string => `aios://obligation/${ob}/journey`

async function readJson (client: Client, uri: string): Promise<any> {
  const r = await client.readResource({ uri })
  expect(r.contents).toHaveLength(1)
  expect(r.contents[0]).toMatchObject({ uri, mimeType: 'application/json' })
  return JSON.parse((r.contents[0] as { text: string }).text)
}

let mesh: SharedMesh
let a: MeshNodeHandle
let b: MeshNodeHandle
beforeAll(async () => {
  mesh = await startSharedMesh([['res-a', 'sub-a', 'journey-a', 'iso-from'], ['res-b', 'sub-b', 'journey-b']])
  ;[a, b] = mesh.nodes
}, 60_000)
afterAll(async () => { await mesh?.close() })

/** A seat at a node. */
interface At { node: MeshNodeHandle, seat: string }

async function connect (node: MeshNodeHandle, as: string, env?: Record<string, string>): Promise<{ client: Client, notes: McpNotes }> {
  const notes = new McpNotes()
  const client = await mcpClient(node.home, as, { env, setup: c => notes.attach(c) })
  return { client, notes }
}

/** Sends from seat `from` and waits until the recipient's daemon holds the message. */
async function sendAndDeliver (from: At, to: At, text: string, thread?: string): Promise<string> {
  const sent = await from.node.daemon.call('notify', { as: from.seat, to: to.seat, text, thread })
  await waitFor(`${sent.obligation} at ${to.seat}`, async () => await to.node.daemon.call('inbox', { as: to.seat }), items => items.some(i => i.obligation === sent.obligation))
  return sent.obligation
}

/** Waits for updates of `uri` from index `from` on, reading the resource at each, until `ok` holds for what it reads. */
async function untilUpdated (client: Client, notes: McpNotes, uri: string, ok: (v: any) => boolean, from: number): Promise<any> {
  let at = from
  for (;;) {
    const n = await notes.next(`an update of ${uri}`, isUpdate(uri), at)
    at = notes.all.indexOf(n) + 1
    const v = await readJson(client, uri)
    if (ok(v)) return v
  }
}

describe('aios-comm mcp resources', () => {
  it('lists the inbox and its messages, reads a message without issuing READ, reads a journey, and refuses an unknown URI with -32002', async () => {
    const ob = await sendAndDeliver({ node: a, seat: 'res-a' }, { node: b, seat: 'res-b' }, 'the build log is in /tmp/build.log', 'builds')
    const B = await connect(b, 'res-b')

    const listed = (await B.client.listResources()).resources
    say(`resources/list → ${listed.map(r => `${r.uri} (${r.mimeType ?? '?'})`).join(', ')}`)
    expect(listed.map(r => r.uri)).toEqual([INBOX, messageUri(ob)])
    expect(listed.every(r => r.mimeType === 'application/json')).toBe(true)
    const templates = (await B.client.listResourceTemplates()).resourceTemplates
    say(`resources/templates/list → ${templates.map(t => t.uriTemplate).join(', ')}`)
    expect(templates.map(t => t.uriTemplate)).toEqual(['aios://message/{obligation}', 'aios://obligation/{obligation}/journey'])

    const inbox = await readJson(B.client, INBOX)
    say(`read ${INBOX} → ${JSON.stringify(inbox).slice(0, 200)}`)
    expect(inbox.messages.map((m: any) => m.obligation)).toEqual([ob])
    expect(inbox.messages[0]).toMatchObject({ from: 'res-a', to: 'res-b', state: 'DELIVERED', uri: messageUri(ob) })

    const msg = await readJson(B.client, messageUri(ob))
    say(`read ${messageUri(ob)} → ${JSON.stringify(msg)}`)
    expect(msg).toMatchObject({ obligation: ob, from: 'res-a', to: 'res-b', thread: 'builds', state: 'DELIVERED', body: 'the build log is in /tmp/build.log', contentType: 'text/plain' })
    const after = await b.daemon.call('status', { obligation: ob })
    say(`status at B after the resource read → ${after.state}; receipts ${after.receipts.map(r => r.state).join(', ')}`)
    expect(after.state).toBe('DELIVERED')
    expect(after.receipts.map(r => r.state)).not.toContain('READ')

    const journey = await readJson(B.client, journeyUri(ob))
    say(`read ${journeyUri(ob)} → state ${journey.state as string}, steps ${journey.journey.map((s: any) => s.step as string).join(' → ')}`)
    expect(journey).toMatchObject({ obligation: ob, state: 'DELIVERED', from: 'res-a', to: 'res-b' })
    expect(journey.journey.find((s: any) => s.step === 'DELIVERED')?.status).toBe('done')

    for (const [uri, code] of [['aios://nothing', 'RESOURCE_UNKNOWN'], ['aios://message/not-an-obligation', 'RESOURCE_UNKNOWN'], [messageUri(`ob_${'0'.repeat(32)}`), 'OBLIGATION_UNKNOWN'], [journeyUri(`ob_${'0'.repeat(32)}`), 'OBLIGATION_UNKNOWN']]) {
      const e = await mcpErrorOf(B.client.readResource({ uri }))
      say(`read ${uri} → JSON-RPC ${e.rpc} ${e.code}`)
      expect({ rpc: e.rpc, code: e.code }).toEqual({ rpc: -32002, code })
    }
    expect(b.daemon.running).toBe(true)
  }, 45_000)

  it('subscribed to the inbox, a message from another node brings resources/updated and list_changed', async () => {
    const B = await connect(b, 'sub-b')
    await B.client.subscribeResource({ uri: INBOX })
    await B.notes.next('the server watching the daemon', isNotice('watching'))
    const mark = B.notes.mark()
    const sent = await a.daemon.call('notify', { as: 'sub-a', to: 'sub-b', text: 'hello from node A' })
    const updated = await B.notes.next(`resources/updated for ${INBOX}`, isUpdate(INBOX), mark)
    say(`B ← notifications/resources/updated {uri: ${updated.uri as string}}`)
    await B.notes.next('resources/list_changed', isListChanged, mark)
    say('B ← notifications/resources/list_changed')
    const inbox = await readJson(B.client, INBOX)
    expect(inbox.messages.map((m: any) => m.obligation)).toContain(sent.obligation)
    expect((await B.client.listResources()).resources.map(r => r.uri)).toContain(messageUri(sent.obligation))
  }, 45_000)

  it('subscribed to a journey, the recipient\'s steps bring updates; after unsubscribe none come for it while another subscription still updates', async () => {
    const A = await connect(a, 'journey-a')
    await A.notes.next('the server watching the daemon', isNotice('watching'))
    const from = { node: a, seat: 'journey-a' }
    const to = { node: b, seat: 'journey-b' }
    const ob1 = await sendAndDeliver(from, to, 'first task')
    const ob2 = await sendAndDeliver(from, to, 'second task')
    await A.client.subscribeResource({ uri: journeyUri(ob1) })
    await A.client.subscribeResource({ uri: journeyUri(ob2) })

    let mark = A.notes.mark()
    await b.daemon.call('read', { as: 'journey-b', obligation: ob1 })
    const read = await untilUpdated(A.client, A.notes, journeyUri(ob1), j => j.state === 'READ', mark)
    say(`A ← updated ${journeyUri(ob1)}; read → ${read.state as string}`)

    await A.client.unsubscribeResource({ uri: journeyUri(ob1) })
    mark = A.notes.mark()
    await b.daemon.call('ack', { as: 'journey-b', obligation: ob1, sentence: 'first done' })
    await waitFor(`${ob1} COMPLETE at A`, async () => await a.daemon.call('status', { obligation: ob1 }), s => s.state === 'COMPLETE')
    await b.daemon.call('ack', { as: 'journey-b', obligation: ob2, sentence: 'second done' })
    const done = await untilUpdated(A.client, A.notes, journeyUri(ob2), j => j.state === 'COMPLETE', mark)
    say(`A ← updated ${journeyUri(ob2)}; read → ${done.state as string}, verdict ${done.verdict as string}`)
    // the watch stream is handled in order: ob1's receipts came before ob2's, so an update for ob1 would be here
    expect(A.notes.updates(journeyUri(ob1), mark)).toEqual([])
    say(`updates for the unsubscribed ${journeyUri(ob1)} after unsubscribe: ${A.notes.updates(journeyUri(ob1), mark).length}`)
  }, 45_000)

  it('an isolated seat on the seat socket: its own message is a resource and a notice, another seat\'s is not found and unheard', async () => {
    await ok(a.home, ['actor', 'add', 'iso', '--isolated'])
    const seatSock = join(a.home, 'seat.sock')
    await waitFor('the seat socket', () => existsSync(seatSock), Boolean)
    const token = readFileSync(join(a.home, 'seat-tokens', 'iso.token'), 'utf8').trim()
    const I = await connect(a, 'iso', { AIOS_COMM_SOCKET: seatSock, AIOS_SEAT_TOKEN: token })
    await I.client.subscribeResource({ uri: INBOX })
    await I.notes.next('the server watching the daemon', isNotice('watching', d => d.seat === 'iso'))
    const mark = I.notes.mark()
    const other = await a.daemon.call('notify', { as: 'iso-from', to: 'iso-from', text: 'not for iso' })
    const mine = await a.daemon.call('notify', { as: 'iso-from', to: 'iso', text: 'for iso only' })
    const n = await I.notes.next('the notice of the message for iso', isNotice('message'), mark)
    say(`iso (seat socket) ← notifications/message ${JSON.stringify(n.data)}`)
    expect(n.data).toMatchObject({ obligation: mine.obligation, from: 'iso-from', to: 'iso', preview: 'for iso only' })
    await I.notes.next(`resources/updated for ${INBOX}`, isUpdate(INBOX), mark)
    expect(await readJson(I.client, messageUri(mine.obligation))).toMatchObject({ body: 'for iso only', state: 'DELIVERED' })
    const e = await mcpErrorOf(I.client.readResource({ uri: messageUri(other.obligation) }))
    say(`iso reads another seat's ${messageUri(other.obligation)} → JSON-RPC ${e.rpc} ${e.code}`)
    expect({ rpc: e.rpc, code: e.code }).toEqual({ rpc: -32002, code: 'OBLIGATION_UNKNOWN' })
    expect(I.notes.notices('message', mark).map(d => d.obligation)).toEqual([mine.obligation])
  }, 45_000)
})
