// Mailboxes over direct connections: a message reaches a recipient whose node is never up at the same time as the
// sender's, through a member node that holds the signed bytes; the mailbox refuses what does not verify, and a
// stranger; a mailbox copy plus a direct retry are stored once.
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import { describe, expect, it, onTestFinished } from 'vitest'
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import { lpStream } from '@libp2p/utils'
import { createMesh, query, waitFor, withCtx, type MeshNodeHandle } from '../../helpers/mesh.js'
import { shiftableClock } from '../../helpers/clock.js'
import { cli } from '../../helpers/cli.js'
import { homeKey, openDeliver, rawPeer, signedMessage, signedReceipt } from '../../helpers/raw-peer.js'
import { sha256 } from '../../../cards/index.js'
import { homePaths } from '../../../daemon/index.js'
import { saveConfig } from '../../../daemon/home/config.js'
import { createNode, type MeshNode } from '../../../daemon/net/node.js'
import { factMessageId } from '../../../daemon/sync/gossip.js'
const MAILBOX_PROTOCOL = '/aios-comm/mailbox/1' // the protocol id is the wire contract
import { deliverRequestToWire, deliverResponseFromWire, envelopeFromWire, envelopeToWire, type DeliverRequestData, type DeliverResponseData } from '../../../proto/index.js'

const count = (home: string, sql: string, ...args: unknown[]): number => query<{ n: number }>(home, sql, ...args)[0].n
const AFTER_MS = 300 // the sender waits this long for an unreachable node before it uses a mailbox

// m owns the mesh (it opens an invitation below) and hosts agent-a; node a hosts agent-b, node b hosts agent-c
const SENDER = 'agent-b'
const RECIPIENT = 'agent-c'

/**
 * Nodes m, a, b; m serves as mailbox (config relay). a and b name m as their seats' mailbox: by config when `named`,
 * else by default, as the relay they learn of (their cards are re-signed when m's card saying relay reaches them).
 */
async function mailboxMesh (o: { env?: NodeJS.ProcessEnv, named?: boolean, afterMs?: number, startA?: (a: MeshNodeHandle) => Promise<void> } = {}): Promise<{ a: MeshNodeHandle, b: MeshNodeHandle, m: MeshNodeHandle, mId: string }> {
  const [m, a, b] = await createMesh(3, { start: false, env: o.env })
  const mId = await withCtx(m.home, async ctx => await ctx.peerId())
  for (const n of [a, b, m]) {
    await withCtx(n.home, ctx => {
      if (n === m) ctx.config.relay = true
      else if (o.named === true) ctx.config.mailboxes = [mId]
      ctx.config.mailboxAfterMs = o.afterMs ?? AFTER_MS
      saveConfig(ctx.paths.config, ctx.config)
    })
  }
  await Promise.all([a, b, m].map(async n => n === a && o.startA !== undefined ? await o.startA(n) : await n.daemon.start()))
  // each seat's card, re-signed at start, names m; the other side must hold it to know where to hand mail
  const namesM = (home: string, handle: string): boolean => query<{ json: string }>(home, 'SELECT json FROM cards WHERE handle = ?', handle)[0]?.json.includes(mId) === true
  await waitFor('a holds the recipient\'s card naming m', () => namesM(a.home, RECIPIENT), x => x)
  await waitFor('b holds the sender\'s card naming m', () => namesM(b.home, SENDER), x => x)
  await waitFor('m holds both cards', () => namesM(m.home, SENDER) && namesM(m.home, RECIPIENT), x => x)
  return { a, b, m, mId }
}

/** One frame on /aios-comm/mailbox/1 from a hand-driven node, and the answer. */
async function handOver (node: MeshNode, to: MeshNodeHandle, peerId: string, req: Partial<DeliverRequestData>): Promise<DeliverResponseData> {
  const pid = peerIdFromString(peerId)
  await node.peerStore.merge(pid, { multiaddrs: [multiaddr(`/ip4/127.0.0.1/tcp/${to.port}`)] })
  const stream = await node.dialProtocol(pid, MAILBOX_PROTOCOL)
  const lp = lpStream(stream, { maxDataLength: 8 << 20 })
  await lp.write(deliverRequestToWire({ batchId: 1, messages: [], receipts: [], cards: [], ...req }))
  const res = deliverResponseFromWire((await lp.read()).subarray())
  await stream.close().catch(() => {})
  return res
}

describe('mailboxes', () => {
  it('sender and recipient never up at once: held at m, stored once at b; its receipts signed by b reach a once', async () => {
    const { a, b, m, mId } = await mailboxMesh()
    await b.daemon.stop()
    const { obligation } = await a.daemon.call('notify', { to: RECIPIENT, text: 'while you were away' })
    const held = await waitFor('a hands the message to m', async () => (await a.daemon.call('status', { obligation })).delivery?.heldAt, h => h !== undefined)
    expect(held?.mailbox).toBe(mId)
    const text = await cli(a.home, ['status', obligation])
    expect(text.stdout).toContain(`held at mailbox ${mId} since ${held?.since ?? ''}`)
    expect(count(m.home, "SELECT count(*) AS n FROM mailbox WHERE kind = 'message' AND dest = ?", RECIPIENT)).toBe(1)

    expect(await a.daemon.stop()).toBe(0)
    await b.daemon.start()
    await waitFor('b stores the message', () => count(b.home, 'SELECT count(*) AS n FROM messages WHERE local_to = 1'), n => n === 1)
    // b's DELIVERED, signed after b's own commit, waits at m for a; the message itself has left m
    await waitFor('m holds b\'s DELIVERED for the sender', () => count(m.home, "SELECT count(*) AS n FROM mailbox WHERE kind = 'receipt' AND dest = ?", SENDER), n => n === 1)
    expect(count(m.home, "SELECT count(*) AS n FROM mailbox WHERE kind = 'message'")).toBe(0)
    const signed = query<{ h: string }>(b.home, "SELECT hex(hash) AS h FROM receipts WHERE state = 'DELIVERED'")
    expect(signed).toHaveLength(1)
    // the recipient reads and completes while the sender is still away: those receipts go to the sender's mailbox
    await b.daemon.call('read', { obligation })
    await b.daemon.call('ack', { obligation, sentence: 'done while you were away' })
    await waitFor('m holds DELIVERED, READ, CONSUMED and COMPLETE for the sender', () => count(m.home, "SELECT count(*) AS n FROM mailbox WHERE kind = 'receipt' AND dest = ?", SENDER), n => n === 4)

    expect(await b.daemon.stop()).toBe(0)
    // m also holds the receipts in its fact log (it pulled b's): a's checkpoint is put past it, so a pull of m's log
    // brings a nothing and only the mailbox's hand-back can
    const db = new Database(homePaths(a.home).db)
    db.prepare('INSERT OR REPLACE INTO peer_checkpoints (peer_id, seq, updated_at_ms) VALUES (?, ?, ?)').run(mId, 1_000_000_000, Date.now())
    db.close()
    await a.daemon.start()
    await waitFor('COMPLETE at a', async () => (await a.daemon.call('status', { obligation })).state, s => s === 'COMPLETE')
    const s = await a.daemon.call('status', { obligation })
    expect(s.receipts.map(r => [r.state, r.actor, r.verified])).toEqual([['DELIVERED', RECIPIENT, true], ['READ', RECIPIENT, true], ['CONSUMED', RECIPIENT, true], ['COMPLETE', RECIPIENT, true]])
    expect(query(a.home, "SELECT hex(hash) AS h FROM receipts WHERE state = 'DELIVERED'")).toEqual(signed) // b's, once
    await waitFor('a\'s outbox empty', async () => await a.daemon.call('outbox'), o => o.length === 0)
    await waitFor('m holds nothing', () => count(m.home, 'SELECT count(*) AS n FROM mailbox'), n => n === 0)
    expect(count(b.home, 'SELECT count(*) AS n FROM messages')).toBe(1)
  })

  it('an item made before the sender\'s wall clock was set back goes to the mailbox, not after the step is waited out', async () => {
    let shift: ((ms: number) => Promise<void>) | undefined
    const startA = async (a: MeshNodeHandle): Promise<void> => {
      const clock = shiftableClock(a)
      shift = clock.shift
      await a.daemon.start(clock.env)
    }
    const { a, b, mId } = await mailboxMesh({ afterMs: 5000, startA })
    await b.daemon.stop()
    const { obligation } = await a.daemon.call('notify', { to: RECIPIENT, text: 'sent just before the clock was set back' })
    await shift?.(-10 * 60_000)
    const held = await waitFor('a hands the message to m', async () => (await a.daemon.call('status', { obligation })).delivery?.heldAt, h => h !== undefined, 30_000)
    expect(held?.mailbox).toBe(mId)
  })

  it('refuses forged or altered items, a node that is not a mailbox, a full share and a stranger; a mailbox copy plus a direct retry are stored once', async () => {
    const { a, b, m, mId } = await mailboxMesh({ env: { AIOS_COMM_MAILBOX_PEER_ITEMS: '2' }, named: true })
    await a.daemon.stop() // its node key drives the hand-made peer below
    const rogue = await rawPeer(a.home)
    const aKey = homeKey(a.home, `keys/${SENDER}.key`)
    const good = signedMessage(aKey, { from: SENDER, to: RECIPIENT })
    const env = envelopeFromWire(good.bytes)
    const payload = Uint8Array.from(env.payload)
    payload[payload.length - 1] ^= 1 // one bit of the signed payload, the signature kept
    const altered = envelopeToWire({ ...env, payload })
    const other = signedMessage(aKey, { from: SENDER, to: RECIPIENT, body: new TextEncoder().encode('other') })
    const impostor = signedMessage(aKey, { from: RECIPIENT, to: 'agent-a' })
    const nobody = signedMessage(aKey, { from: SENDER, to: 'agent-zz' })
    const forgedReceipt = signedReceipt(aKey, { messageId: good.msg.id, messageHash: new Uint8Array(32), actor: RECIPIENT, state: 'DELIVERED', atMs: Date.now(), header: good.header })
    // b's config does not say relay: it holds nothing for anyone
    const notServing = await handOver(rogue, b, b.daemon.peerId, { messages: [good.bytes], headers: [good.header] })
    expect(notServing.error?.code).toBe('MAILBOX_NOT_SERVING')
    expect(count(b.home, 'SELECT count(*) AS n FROM mailbox')).toBe(0)
    await b.daemon.stop() // what m holds for the recipient stays there

    const res = await handOver(rogue, m, mId, {
      messages: [altered, good.bytes, impostor.bytes, nobody.bytes, good.bytes],
      headers: [good.header, other.header, impostor.header, nobody.header, good.header],
      receipts: [forgedReceipt]
    })
    expect(res.results.map(r => r.errorCode)).toEqual(['BAD_SIGNATURE', 'HEADER_MISMATCH', 'NOT_ENDORSED', 'MAILBOX_DEST_NOT_TRUSTED', undefined])
    expect(res.receiptResults.map(r => r.errorCode)).toEqual(['RECEIPT_WRONG_SIGNER'])
    const rows = query<{ ref: Buffer }>(m.home, 'SELECT ref FROM mailbox')
    expect(rows.map(r => Buffer.from(r.ref).toString('hex'))).toEqual([Buffer.from(good.msg.id).toString('hex')]) // only the one that verifies

    // a peer's share is bounded: the second new item fits, the third does not, and nothing is taken past it
    const more = [signedMessage(aKey, { from: SENDER, to: RECIPIENT }), signedMessage(aKey, { from: SENDER, to: RECIPIENT })]
    const full = await handOver(rogue, m, mId, { messages: more.map(x => x.bytes), headers: more.map(x => x.header) })
    expect(full.results.map(r => r.errorCode)).toEqual([undefined, 'MAILBOX_FULL'])
    expect(count(m.home, 'SELECT count(*) AS n FROM mailbox')).toBe(2)

    // a stranger gets in only while an invitation is open, and then is refused by the mailbox with a code
    await m.daemon.call('invite', {})
    const stranger = await createNode({ seed: new Uint8Array(randomBytes(32)), listen: ['/ip4/127.0.0.1/tcp/0'], announce: [], isTrustedPeer: () => true, messageId: factMessageId })
    await stranger.start()
    onTestFinished(async () => { await stranger.stop() })
    const before = count(m.home, 'SELECT count(*) AS n FROM mailbox')
    const refused = await handOver(stranger, m, mId, { messages: [good.bytes], headers: [good.header] })
    expect(refused.error?.code).toBe('PEER_NOT_TRUSTED')
    expect(count(m.home, 'SELECT count(*) AS n FROM mailbox')).toBe(before)

    // the recipient comes back: m's copy arrives, then the sender's direct retry of the same message; stored once,
    // and the direct retry is answered with the very DELIVERED receipt m now holds for the sender
    await b.daemon.start()
    await waitFor('m forwards both messages', () => count(m.home, "SELECT count(*) AS n FROM mailbox WHERE kind = 'receipt'"), n => n === 2)
    const direct = await (await openDeliver(rogue, b.daemon.peerId, b.port)).request({ messages: [good.bytes], headers: [good.header] })
    const receipt = direct.results[0].receipt as Uint8Array
    expect(count(m.home, "SELECT count(*) AS n FROM mailbox WHERE kind = 'receipt' AND ref = ?", Buffer.from(sha256(receipt)))).toBe(1)
    expect(count(b.home, 'SELECT count(*) AS n FROM messages WHERE id = ?', Buffer.from(good.msg.id))).toBe(1)
    expect(count(b.home, "SELECT count(*) AS n FROM receipts WHERE state = 'DELIVERED' AND message_id = ?", Buffer.from(good.msg.id))).toBe(1)
  })
})
