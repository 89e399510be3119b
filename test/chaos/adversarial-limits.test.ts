// Oversized fields against real daemons: notes, reasons, threads, content types, card fields and keys through every
// entry (CLI, control API, MCP) are refused with FIELD_TOO_LARGE and change nothing; a peer's oversized receipt or card
// is refused by deliver and by gossip; a fact log that holds an oversized fact still serves every other fact.
import { describe, expect, it } from 'vitest'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import { lpStream } from '@libp2p/utils'
import { peerIdFromString } from '@libp2p/peer-id'
import { McpError } from '@modelcontextprotocol/sdk/types.js'
import { mcpClient } from '../helpers/mcp.js'
import { MeshError, cardJson, sha256, signCard } from '../../cards/index.js'
import { factToWire, syncPageFromWire, syncRequestToWire } from '../../proto/index.js'
import { FACTS_TOPIC, SYNC_PROTOCOL } from '../../daemon/sync/constants.js'
import { MAX_FRAME_BYTES } from '../../daemon/net/index.js'
import { homePaths } from '../../daemon/index.js'
import { cli, errorCode } from '../helpers/cli.js'
import { createMesh, query, waitFor, type MeshNodeHandle } from '../helpers/mesh.js'
import { homeKey, openDeliver, rawPeer, signedReceipt } from '../helpers/raw-peer.js'
import { recordTally } from './report.js'

const say = (line: string): void => { process.stdout.write(`[limits] ${line}\n`) }
const KIB = 1024
const big = (n: number, c = 'x'): string => c.repeat(n)
const tally = { forgedAccepted: 0, crashes: 0, messages: 0 }

/** The code an attempt was refused with, or ACCEPTED. */
async function outcome (p: Promise<unknown>): Promise<string> {
  try {
    const r = await p
    if (typeof r === 'object' && r !== null && 'code' in r && 'stderr' in r) {
      const c = r as { code: number, stderr: string, stdout: string }
      return c.code === 0 ? 'ACCEPTED' : errorCode(c)
    }
    // an MCP tool refused: a result with isError and our code in structuredContent
    const refused = (r as { isError?: boolean, structuredContent?: { error?: { code?: string } } } | null)
    if (refused?.isError === true) return refused.structuredContent?.error?.code ?? 'INTERNAL'
    return 'ACCEPTED'
  } catch (err) {
    if (err instanceof McpError) return (err.data as { code: string }).code
    if (err instanceof MeshError) return err.code
    throw err
  }
}

const receiptCount = (n: MeshNodeHandle): number => query<{ n: number }>(n.home, 'SELECT count(*) AS n FROM receipts')[0].n
const factCount = (n: MeshNodeHandle): number => query<{ n: number }>(n.home, 'SELECT count(*) AS n FROM facts')[0].n
const factHashes = (n: MeshNodeHandle): string[] => query<{ hash: Buffer }>(n.home, 'SELECT hash FROM facts ORDER BY seq').map(r => Buffer.from(r.hash).toString('hex'))

/** Every fact a node serves on /aios-comm/sync/1 from seq 0, read by a raw peer with the real frame limit. */
async function servedFacts (peer: Awaited<ReturnType<typeof rawPeer>>, n: MeshNodeHandle): Promise<Array<{ kind: string, hash: string, size: number }>> {
  const stream = await peer.dialProtocol(peerIdFromString(n.daemon.peerId), SYNC_PROTOCOL)
  const lp = lpStream(stream, { maxDataLength: MAX_FRAME_BYTES })
  await lp.write(syncRequestToWire({ since: 0, limit: 0, tail: false }))
  const out: Array<{ kind: string, hash: string, size: number }> = []
  for (;;) {
    const page = syncPageFromWire((await lp.read({ signal: AbortSignal.timeout(10_000) })).subarray())
    for (const f of page.facts) out.push({ kind: f.kind, hash: Buffer.from(sha256(f.envelope)).toString('hex'), size: f.envelope.byteLength })
    if (page.done) break
  }
  stream.abort(new Error('done'))
  return out
}

describe('chaos: oversized fields', () => {
  it('through the CLI, the control API and MCP: refused with FIELD_TOO_LARGE, nothing stored, the daemon keeps serving', async () => {
    const [a, b] = await createMesh(2)
    const { obligation: ob } = await a.daemon.call('notify', { to: 'agent-b', text: 'please decide' })
    await waitFor('DELIVERED', async () => (await a.daemon.call('status', { obligation: ob })).state, s => s === 'DELIVERED')
    const B = await mcpClient(b.home, 'agent-b')
    const A = await mcpClient(a.home, 'agent-a')
    const receiptsBefore = receiptCount(b)
    const factsBefore = factCount(b)
    const messagesBefore = query<{ n: number }>(a.home, 'SELECT count(*) AS n FROM messages')[0].n
    const cardSeq = (await a.daemon.call('where', { handle: 'agent-a' })).seq

    const attacks: Array<[string, () => Promise<unknown>]> = [
      ['MCP reject, 3 MiB reason', async () => await B.callTool({ name: 'reject', arguments: { obligation: ob, reason: big(3 * KIB * KIB) } })],
      ['MCP ack, 64 KiB sentence', async () => await B.callTool({ name: 'ack', arguments: { obligation: ob, sentence: big(64 * KIB) } })],
      ['MCP send, 64 KiB thread', async () => await A.callTool({ name: 'send', arguments: { to: 'agent-b', text: 'x', thread: big(64 * KIB) } })],
      ['MCP send, 64 KiB content type', async () => await A.callTool({ name: 'send', arguments: { to: 'agent-b', text: 'x', contentType: `text/${big(64 * KIB)}` } })],
      ['control reject, 1 MiB reason', async () => await b.daemon.call('reject', { obligation: ob, reason: big(KIB * KIB) })],
      ['control ack, 100 KiB sentence', async () => await b.daemon.call('ack', { obligation: ob, sentence: big(100 * KIB) })],
      ['control ack, 5,000-byte evidence path', async () => await b.daemon.call('ack', { obligation: ob, sentence: 'done', file: '/' + big(2500, 'a/') })],
      ['control notify, 1 MiB thread', async () => await a.daemon.call('notify', { to: 'agent-b', text: 'x', thread: big(KIB * KIB) })],
      ['control notify, 1 MiB content type', async () => await a.daemon.call('notify', { to: 'agent-b', text: 'x', contentType: big(KIB * KIB) })],
      ['control actor.add, 1 MiB model', async () => await a.daemon.call('actor.add', { handle: 'agent-a', model: big(KIB * KIB) })],
      ['control actor.add, 100 KiB pane', async () => await a.daemon.call('actor.add', { handle: 'agent-a', pane: '%' + big(100 * KIB, '7') })],
      ['control mesh.revoke, 1 MiB reason', async () => await a.daemon.call('mesh.revoke', { target: 'agent-b', reason: big(KIB * KIB) })],
      ['CLI reject, 100 KiB reason', async () => await cli(b.home, ['reject', ob, big(100 * KIB)])],
      ['CLI ack, 100 KiB sentence', async () => await cli(b.home, ['ack', ob, big(100 * KIB)])],
      ['CLI notify --thread 100 KiB', async () => await cli(a.home, ['notify', '--to', 'agent-b', '--text', 'x', '--thread', big(100 * KIB)])],
      ['CLI notify --content-type 100 KiB', async () => await cli(a.home, ['notify', '--to', 'agent-b', '--text', 'x', '--content-type', big(100 * KIB)])],
      ['CLI notify --idempotency-key 100 KiB', async () => await cli(a.home, ['notify', '--to', 'agent-b', '--text', 'x', '--idempotency-key', big(100 * KIB)])],
      ['CLI actor add --model 100 KiB', async () => await cli(a.home, ['actor', 'add', 'agent-a', '--model', big(100 * KIB)])],
      ['CLI mesh revoke --reason 100 KiB', async () => await cli(a.home, ['mesh', 'revoke', 'agent-b', '--reason', big(100 * KIB)])]
    ]
    const seen: string[] = []
    for (const [what, attack] of attacks) {
      const code = await outcome(attack())
      say(`${what} → ${code}`)
      seen.push(code)
      if (code === 'ACCEPTED') tally.forgedAccepted++
    }
    expect(seen).toEqual(attacks.map(() => 'FIELD_TOO_LARGE'))

    // nothing was stored: no receipt, no fact, no message, no card change, no revocation, no evidence file
    expect(receiptCount(b)).toBe(receiptsBefore)
    expect(factCount(b)).toBe(factsBefore)
    expect(query<{ n: number }>(a.home, 'SELECT count(*) AS n FROM messages')[0].n).toBe(messagesBefore)
    expect((await a.daemon.call('where', { handle: 'agent-a' })).seq).toBe(cardSeq)
    expect(query<{ n: number }>(a.home, 'SELECT count(*) AS n FROM revocations')[0].n).toBe(0)
    expect(existsSync(join(homePaths(b.home).evidence, `${ob}.receipt.md`))).toBe(false)

    // a reject of ordinary size still reaches the sender
    const rejected = await B.callTool({ name: 'reject', arguments: { obligation: ob, reason: 'out of scope for this sprint' } })
    expect(rejected.isError).not.toBe(true)
    await waitFor('REJECTED at the sender', async () => (await a.daemon.call('status', { obligation: ob })).state, s => s === 'REJECTED')
    tally.messages++
    for (const n of [a, b]) if (!n.daemon.running) tally.crashes++
    expect(a.daemon.running && b.daemon.running).toBe(true)
  }, 90_000)

  it('a peer\'s oversized receipt or card is refused over deliver and gossip; the node\'s sync serves every other fact', async () => {
    const [a, b, c] = await createMesh(3)
    const { obligation: ob } = await a.daemon.call('notify', { to: 'agent-c', text: 'for c' })
    await waitFor('DELIVERED', async () => (await a.daemon.call('status', { obligation: ob })).state, s => s === 'DELIVERED')
    const [m] = query<{ id: Buffer, hash: Buffer }>(a.home, 'SELECT id, hash FROM messages WHERE id = ?', Buffer.from(ob.slice(3), 'hex'))
    await c.daemon.stop()
    const rogue = await rawPeer(c.home)
    const cKey = homeKey(c.home, 'keys/agent-c.key')
    const receipt = (note: string, id = new Uint8Array(m.id), hash = new Uint8Array(m.hash)): Uint8Array =>
      signedReceipt(cKey, { messageId: id, messageHash: hash, actor: 'agent-c', state: 'REJECTED', atMs: Date.now(), note, from: 'agent-a' })
    const refused: Uint8Array[] = []

    // over deliver: a note over its limit, and a receipt over the receipt limit
    const s = await openDeliver(rogue, a.daemon.peerId, a.port)
    const overNote = receipt(big(8 * KIB))
    const overAll = receipt(big(200 * KIB))
    refused.push(overNote, overAll)
    const res = await s.request({ receipts: [overNote, overAll] })
    say(`deliver: receipts with an 8 KiB and a 200 KiB note → ${res.receiptResults.map(r => r.errorCode ?? 'stored').join(', ')}`)
    expect(res.receiptResults.map(r => r.errorCode)).toEqual(['FIELD_TOO_LARGE', 'RECEIPT_TOO_LARGE'])

    // over gossip: a receipt about a message a does not hold, and a card with an oversized model (each round new ones,
    // since gossipsub drops a message id it has seen: the first rounds may go out before the rogue's stream to a is up)
    const cCard = JSON.parse(readFileSync(join(c.home, 'agent-c.card.json'), 'utf8'))
    const ext = cCard.capabilities.extensions[0]
    const refusals = (): number => a.daemon.stderr.split('\n').filter(l => l.includes('gossiped fact refused') && l.includes('"code":"FIELD_TOO_LARGE"')).length
    await waitFor('a subscribed, as the rogue sees it', () => rogue.services.pubsub.getSubscribers(FACTS_TOPIC).map(String), l => l.includes(a.daemon.peerId))
    for (let round = 1; round <= 20 && refusals() < 2; round++) {
      const gossiped = receipt(big(8 * KIB), new Uint8Array(randomBytes(16)), new Uint8Array(randomBytes(32)))
      ext.params = { ...ext.params, seq: ext.params.seq + 1, model: big(8 * KIB) }
      const card = new TextEncoder().encode(cardJson(signCard(cCard, cKey)))
      refused.push(gossiped, card)
      await rogue.services.pubsub.publish(FACTS_TOPIC, factToWire({ seq: 0, kind: 'receipt', envelope: gossiped }))
      await rogue.services.pubsub.publish(FACTS_TOPIC, factToWire({ seq: 0, kind: 'card', envelope: card }))
      await waitFor('both gossiped facts refused', refusals, n => n >= 2, 1000).catch(() => {})
    }
    say(`gossip: ${refused.length - 2} oversized facts published, ${refusals()} refused with FIELD_TOO_LARGE`)
    expect(refusals()).toBeGreaterThanOrEqual(2)

    for (const bytes of refused) tally.forgedAccepted += query<{ n: number }>(a.home, 'SELECT count(*) AS n FROM facts WHERE hash = ?', Buffer.from(sha256(bytes)))[0].n
    expect(query<{ n: number }>(a.home, `SELECT count(*) AS n FROM facts WHERE hash IN (${refused.map(() => '?').join(',')})`, ...refused.map(r => Buffer.from(sha256(r))))[0].n).toBe(0)
    expect((await a.daemon.call('status', { obligation: ob })).state).toBe('DELIVERED')
    expect((await a.daemon.call('where', { handle: 'agent-c' })).model).toBeUndefined()

    // a fact made afterwards is served, and so is everything else a holds
    const { obligation: later } = await b.daemon.call('notify', { to: 'agent-a', text: 'still served?' })
    await waitFor('the message at a', async () => (await a.daemon.call('inbox', { as: 'agent-a' })).map((x: any) => x.obligation), l => l.includes(later))
    await a.daemon.call('read', { obligation: later })
    const read = query<{ hash: Buffer }>(a.home, "SELECT hash FROM receipts WHERE message_id = ? AND state = 'READ'", Buffer.from(later.slice(3), 'hex'))[0]
    const held = factHashes(a) // the log only grows: all of these must be served
    const served = await servedFacts(rogue, a)
    say(`sync from a: ${served.length} facts, the largest ${Math.max(...served.map(f => f.size))} bytes`)
    expect(served.map(f => f.hash)).toContain(Buffer.from(read.hash).toString('hex'))
    expect(served.map(f => f.hash)).toEqual(expect.arrayContaining(held))
    tally.messages += 2
    for (const n of [a, b]) if (!n.daemon.running) tally.crashes++
    expect(a.daemon.running && b.daemon.running).toBe(true)
  }, 90_000)

  it('a fact log that already holds a fact over the limit (written by an older version) still serves every other fact', async () => {
    const [a, , c] = await createMesh(3)
    await a.daemon.stop()
    // an old version let a seat sign a 3 MiB reject reason; its receipt sits in the fact log, ahead of newer facts
    const db = new Database(homePaths(a.home).db)
    const poison = new Uint8Array(randomBytes(3 * KIB * KIB))
    db.prepare('INSERT INTO facts (hash, kind, bytes, at_ms) VALUES (?, ?, ?, ?)').run(Buffer.from(sha256(poison)), 'receipt', Buffer.from(poison), Date.now())
    db.close()
    await a.daemon.start()
    await a.daemon.call('actor.add', { handle: 'agent-a', model: 'after-the-poison' }) // a newer fact: agent-a's card, seq 2
    await c.daemon.stop()
    const rogue = await rawPeer(c.home)
    await openDeliver(rogue, a.daemon.peerId, a.port) // dials and learns the address
    const poisonHash = Buffer.from(sha256(poison)).toString('hex')
    const held = factHashes(a).filter(h => h !== poisonHash)
    const served = await servedFacts(rogue, a)
    say(`sync from a with a 3 MiB fact in its log: ${served.length} of ${held.length + 1} facts served`)
    expect(served.map(f => f.hash)).not.toContain(poisonHash)
    expect(served.map(f => f.hash)).toEqual(expect.arrayContaining(held))
    expect(served.filter(f => f.kind === 'card').length).toBeGreaterThanOrEqual(4) // three seats' cards, and agent-a's newer one after the poison
    recordTally({ suite: 'adversarial-limits', cycles: 3, ...tally })
  }, 90_000)
})
