// Evidence between real daemons: what ack accepts as evidence, where the evidence's content goes (to the sender
// only, never into a gossiped fact), and that no node reads a path a peer named.
import { describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { sha256 } from '../../cards/index.js'
import { factToWire } from '../../proto/index.js'
import { MAX_EVIDENCE_BYTES } from '../../daemon/messaging/index.js'
import { FACTS_TOPIC } from '../../daemon/sync/constants.js'
import { cli, errorCode, ok, tempDir } from '../helpers/cli.js'
import { createMesh, query, waitFor, type MeshNodeHandle } from '../helpers/mesh.js'
import { homeKey, openDeliver, rawPeer, signedInlineReceipt, signedReceipt } from '../helpers/raw-peer.js'

const ANSWER_MS = 5000 // a status or an ack answers in milliseconds; five seconds means the daemon is stuck

/** Settles with the call's result, or fails when it does not answer in time (a stuck daemon never answers). */
async function within<T> (ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms) })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

async function delivered (a: MeshNodeHandle, b: MeshNodeHandle, text: string): Promise<string> {
  const { obligation } = await ok(a.home, ['notify', '--to', b.handle, '--text', text, '--json'])
  await waitFor('delivery', async () => await ok(b.home, ['inbox', '--json']), l => l.some((m: any) => m.obligation === obligation))
  return obligation
}

/** Whether a node's SQLite files (the database and its log) hold these bytes anywhere. */
function dbHolds (home: string, needle: string): boolean {
  return ['node.db', 'node.db-wal'].some(f => existsSync(join(home, f)) && readFileSync(join(home, f)).includes(Buffer.from(needle)))
}

function evidenceFile (home: string, name: string, content: string): string {
  mkdirSync(join(home, 'evidence'), { recursive: true })
  const file = join(home, 'evidence', name)
  writeFileSync(file, content)
  return file
}

describe('evidence is chosen, not grabbed', () => {
  it('refuses the home\'s keys, a symlink into the home, a FIFO and an oversized file; nothing is issued; evidence/ is fine', async () => {
    const [a, b] = await createMesh(2)
    const ob = await delivered(a, b, 'attach your key, please')
    const outside = tempDir('aios-evidence-')
    symlinkSync(join(b.home, 'keys', 'agent-b.key'), join(outside, 'report.txt'))
    execFileSync('mkfifo', [join(outside, 'pipe')])
    const huge = (): string => {
      writeFileSync(join(outside, 'huge.log'), '')
      truncateSync(join(outside, 'huge.log'), MAX_EVIDENCE_BYTES + 1) // sparse: costs no disk
      return join(outside, 'huge.log')
    }
    const attempts: Array<[() => string, string]> = [
      [() => join(b.home, 'keys', 'agent-b.key'), 'EVIDENCE_IN_HOME'],
      [() => join(outside, 'report.txt'), 'EVIDENCE_IN_HOME'],
      [() => join(outside, 'pipe'), 'EVIDENCE_NOT_REGULAR'],
      [huge, 'EVIDENCE_TOO_LARGE']
    ]
    for (const [path, code] of attempts) {
      const file = path()
      const r = await within(ANSWER_MS * 2, `ack --file ${file}`, cli(b.home, ['ack', ob, 'done', '--file', file]))
      expect(r.code, `${file}: ${r.stdout}${r.stderr}`).toBe(3)
      expect(errorCode(r), file).toBe(code)
    }
    expect((await ok(b.home, ['status', ob, '--json'])).receipts.map((r: any) => r.state)).toEqual(['DELIVERED'])

    const file = evidenceFile(b.home, 'report.txt', 'the report\n')
    const acked = await ok(b.home, ['ack', ob, 'done', '--file', file, '--json'])
    expect(acked).toMatchObject({ state: 'COMPLETE', evidence: { path: file, size: 11 } })
  })
})

describe('evidence content goes to the sender only', () => {
  it('the third node holds no content; the sender judges from its own copy, the recipient from its own file', async () => {
    const [a, b, c] = await createMesh(3)
    const ob = await delivered(a, b, 'write the report')
    const marker = `report-${randomBytes(12).toString('hex')}`
    const file = evidenceFile(b.home, 'report.txt', `${marker}\n`)
    await ok(b.home, ['ack', ob, 'report written', '--file', file])
    const atA = await waitFor('COMPLETE at the sender', async () => await ok(a.home, ['status', ob, '--json']), s => s.state === 'COMPLETE')
    expect(atA.receipts.at(-1).evidence).toMatchObject({ path: file, check: 'ok' })
    // the third node holds no obligation until the first of its receipts reaches it (status: OBLIGATION_UNKNOWN)
    const atC = await waitFor('COMPLETE at the third node', async () => {
      const r = await cli(c.home, ['status', ob, '--json'])
      return r.code === 0 ? JSON.parse(r.stdout) : undefined
    }, s => s?.state === 'COMPLETE')
    expect(query(c.home, 'SELECT count(*) AS n FROM receipts WHERE state = ?', 'COMPLETE')[0].n).toBe(1)
    expect(dbHolds(a.home, marker)).toBe(true) // the sender keeps the content: the search finds what is there
    expect(dbHolds(c.home, marker)).toBe(false)
    expect(atC.receipts.at(-1).evidence).toMatchObject({ path: file, sha256: atA.receipts.at(-1).evidence.sha256, check: 'not-here' })

    // the file changes on the recipient's machine (the same machine here): only the recipient's node reads it
    writeFileSync(file, 'something else\n')
    const after = await ok(a.home, ['status', ob, '--json'])
    expect(after.receipts.at(-1).evidence.check).toBe('ok')
    expect(after.journey.find((s: any) => s.step === 'COMPLETE').evidence).toBe('evidence ok')
    expect((await ok(b.home, ['status', ob, '--json'])).receipts.at(-1).evidence.check).toBe('changed')
  })

  it('a receipt carrying content in its signed payload is refused over deliver and over gossip', async () => {
    const [a, b] = await createMesh(2)
    const ob = await delivered(a, b, 'finish it')
    const [m] = query<{ id: Buffer, hash: Buffer, header: Buffer }>(a.home, 'SELECT id, hash, header FROM messages')
    await b.daemon.stop()
    const rogue = await rawPeer(b.home)
    const content = new TextEncoder().encode('key material, say')
    const data = {
      messageId: new Uint8Array(m.id), messageHash: new Uint8Array(m.hash), actor: 'agent-b', state: 'COMPLETE' as const, atMs: Date.now(), from: 'agent-a',
      header: new Uint8Array(m.header), evidence: { path: '/tmp/evidence.txt', sha256: sha256(content), size: content.byteLength }
    }
    const inline = signedInlineReceipt(homeKey(b.home, 'keys/agent-b.key'), data, content)
    const s = await openDeliver(rogue, a.daemon.peerId, a.port)
    const res = await s.request({ receipts: [inline] })
    expect(res.receiptResults.map(r => r.errorCode)).toEqual(['EVIDENCE_INLINE'])

    await waitFor('a subscribed, as the rogue sees it', () => rogue.services.pubsub.getSubscribers(FACTS_TOPIC).map(String), l => l.includes(a.daemon.peerId))
    // gossip may drop a message (a peer not yet in the other's mesh on a loaded machine): another copy, signed at
    // another time (so another message id), is sent until a says it refused one; none may ever be stored
    let sentAt = 0
    await waitFor('the gossiped receipt refused', async () => {
      if (Date.now() - sentAt >= 1000) {
        sentAt = Date.now()
        const again = signedInlineReceipt(homeKey(b.home, 'keys/agent-b.key'), { ...data, atMs: sentAt }, content)
        await rogue.services.pubsub.publish(FACTS_TOPIC, factToWire({ seq: 0, kind: 'receipt', envelope: again })).catch(() => {})
      }
      return a.daemon.stderr
    }, e => e.includes('"code":"EVIDENCE_INLINE"'))
    expect((await ok(a.home, ['status', ob, '--json'])).state).toBe('DELIVERED')
    expect(dbHolds(a.home, 'key material, say')).toBe(false)

    // the same receipt without the content, with content beside it that does not match: refused, nothing stored
    const plain = signedReceipt(homeKey(b.home, 'keys/agent-b.key'), data)
    const wrong = await s.request({ receipts: [plain], evidence: [{ receiptHash: sha256(plain), content: new TextEncoder().encode('other bytes') }] })
    expect(wrong.receiptResults.map(r => r.errorCode)).toEqual(['EVIDENCE_HASH_MISMATCH'])
    expect((await ok(a.home, ['status', ob, '--json'])).state).toBe('DELIVERED')
    const right = await s.request({ receipts: [plain], evidence: [{ receiptHash: sha256(plain), content }] })
    expect(right.receiptResults.map(r => r.errorCode)).toEqual([undefined])
    expect((await ok(a.home, ['status', ob, '--json'])).receipts.at(-1).evidence.check).toBe('ok')
  })
})

describe('nothing a peer names is read locally', () => {
  it('a FIFO at the path a receipt names does not stall the sender\'s status or its daemon', async () => {
    const [a, b] = await createMesh(2)
    const ob = await delivered(a, b, 'log it')
    const file = evidenceFile(b.home, 'run.log', 'all green\n')
    await ok(b.home, ['ack', ob, 'logged', '--file', file])
    await waitFor('COMPLETE at the sender', async () => await ok(a.home, ['status', ob, '--json']), s => s.state === 'COMPLETE')
    rmSync(file)
    execFileSync('mkfifo', [file]) // nobody ever writes to it: a read would wait forever

    const s = await within(ANSWER_MS, 'status on the sender', a.daemon.call('status', { obligation: ob }))
    expect(s.receipts.at(-1).evidence.check).toBe('ok')
    expect(s.journey.find((x: any) => x.step === 'COMPLETE').evidence).toBe('evidence ok')
    await within(ANSWER_MS, 'the sender\'s daemon afterwards', a.daemon.call('node.status'))
    // the recipient's node re-hashes its own file: a FIFO there is not its evidence, and it does not wait on it
    const atB = await within(ANSWER_MS, 'status on the recipient', b.daemon.call('status', { obligation: ob }))
    expect(atB.receipts.at(-1).evidence.check).toBe('changed')
  })
})
