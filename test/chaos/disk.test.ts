// Disk chaos: a full disk under the recipient and under the sender, a read-only store, a damaged or cut
// write-ahead log, and a damaged signed blob in a store. A full disk delays and refuses but loses nothing and
// kills no daemon; a damaged log is refused with a stable code; damaged data never spreads to a peer.
import { cpSync, existsSync, appendFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createMesh, DaemonProcess, query, waitFor, type MeshNodeHandle } from '../helpers/mesh.js'
import { tempDir } from '../helpers/cli.js'
import { History } from './history/index.js'
import { Supervisor } from './faults/supervisor.js'
import { flipWalByte, mountSmallDisk, truncateWal, walFrames, type SmallDisk } from './faults/disk.js'
import { audit, historyPath, write } from './faults/workload.js'
import { recordTally } from './report.js'

const DISK_BYTES = 16 * 1024 * 1024 // room for a fresh home and its log; the filler takes the rest

/** A small disk under the node's home; where one cannot be made (not root, no loop or tmpfs mount) the test fails. */
function smallDisk (n: MeshNodeHandle): SmallDisk {
  const d = mountSmallDisk(n.home, DISK_BYTES)
  if (typeof d === 'string') throw new Error(`the disk fault cannot be made here: ${d}`)
  onTestFinished(() => { try { d.unmount() } catch {} })
  return d
}

/** Starts a copy of a stopped home and returns what its daemon said when it refused to serve. */
async function refusal (home: string, mutate: (copy: string) => void): Promise<{ exit: number | null, stderr: string }> {
  const copy = tempDir('aios-disk-copy-')
  cpSync(home, copy, { recursive: true, filter: p => !p.endsWith('.sock') })
  mutate(copy)
  const d = new DaemonProcess(copy)
  onTestFinished(async () => { await d.kill() })
  await expect(d.start()).rejects.toThrow(/exited/)
  return { exit: d.child?.exitCode ?? null, stderr: d.stderr }
}

// Runs in npm test too (about 20 s): where its small disk cannot be made, it fails with the reason.
describe('chaos: disk faults', () => {
  it('a full disk at the recipient, then at the sender: refused or delayed, nothing lost, no daemon dies', async () => {
    const history = new History(historyPath('disk'))
    const sup = new Supervisor(history)
    const nodes = await createMesh(2, { start: false })
    const [a, b] = nodes
    const diskA = smallDisk(a)
    const diskB = smallDisk(b)
    for (const n of nodes) await sup.start(n.daemon)
    await write(history, [[a, b]], 10, 'before')

    history.fault('disk-full', b.handle)
    diskB.fill()
    await write(history, [[a, b]], 20, 'recipient-full')
    await waitFor('a delivery attempt refused by the full disk', () => query(a.home, "SELECT count(*) AS n FROM outbox WHERE status = 'pending' AND attempts > 0")[0].n, n => n > 0)
    expect(b.daemon.running).toBe(true)
    diskB.free()
    history.log({ type: 'heal' })

    history.fault('disk-full', a.handle)
    diskA.fill()
    await write(history, [[a, b]], 10, 'sender-full')
    const senderFull = new Set(history.events.flatMap(e => e.type === 'invoke' && e.tag.startsWith('sender-full') ? [e.op] : []))
    const refused = history.events.filter(e => e.type === 'fail' && senderFull.has(e.op)).length
    expect(refused).toBeGreaterThan(0) // notify says no at once when it cannot commit
    expect(a.daemon.running).toBe(true)
    diskA.free()
    history.log({ type: 'heal' })
    await write(history, [[a, b], [b, a]], 20, 'after')
    await audit({ suite: 'disk', history, nodes, supervisor: sup, cycles: 2 })
  })

  it('a read-only store: the daemon refuses to start with a stable code, and serves once writable again', async () => {
    const [a] = await createMesh(1, { start: false })
    const disk = smallDisk(a)
    disk.readOnly(true)
    await expect(a.daemon.start()).rejects.toThrow(/exited/)
    expect(a.daemon.child?.exitCode).not.toBe(0)
    expect(a.daemon.stderr).toMatch(/aios-comm: STORE_[A-Z_]+: /)
    disk.readOnly(false)
    await a.daemon.start()
    expect(a.daemon.running).toBe(true)
    recordTally({ suite: 'disk', cycles: 1, faults: 1 })
  })

  it('a damaged or cut write-ahead log is refused with a stable code; a torn tail is not', async () => {
    const [a, b] = await createMesh(2)
    for (let i = 0; i < 12; i++) await a.daemon.call('notify', { to: 'agent-b', text: `wal ${i}` })
    await waitFor('12 DELIVERED', () => query(a.home, "SELECT count(*) AS n FROM messages WHERE state = 'DELIVERED'")[0].n, n => n === 12)
    await b.daemon.kill() // the log stays as it is: no checkpoint at exit
    const wal = (home: string): string => join(home, 'node.db-wal')
    const { frames } = walFrames(wal(b.home))
    expect(frames).toBeGreaterThan(4)

    const flipped = await refusal(b.home, copy => flipWalByte(wal(copy), 1))
    expect(flipped.exit).not.toBe(0)
    expect(flipped.stderr).toContain('aios-comm: STORE_WAL_CORRUPT: ')
    const cut = await refusal(b.home, copy => truncateWal(wal(copy), Math.floor(frames / 2)))
    expect(cut.stderr).toContain('aios-comm: STORE_WAL_TRUNCATED: ')
    const cutInFrame = await refusal(b.home, copy => truncateWal(wal(copy), frames - 1, 700))
    expect(cutInFrame.stderr).toContain('aios-comm: STORE_WAL_TRUNCATED: ')

    // A write torn by a crash leaves garbage after the last commit: SQLite ignores it, and so do we.
    appendFileSync(wal(b.home), Buffer.alloc(3000, 0x5a))
    await b.daemon.start()
    expect(query(b.home, 'SELECT count(*) AS n FROM messages')[0].n).toBe(12)
    expect(a.daemon.running).toBe(true)
    recordTally({ suite: 'disk', cycles: 4, faults: 4 })
  })

  it('a damaged signed receipt in a store is refused by the peer it is sent to, never stored there', async () => {
    const [a, b] = await createMesh(2)
    const { obligation } = await b.daemon.call('notify', { to: 'agent-a', text: 'read me' })
    await waitFor('DELIVERED', async () => (await b.daemon.call('status', { obligation })).state, s => s === 'DELIVERED')
    await b.daemon.stop()
    await a.daemon.call('read', { obligation }) // a READ receipt now waits in a's outbox for b
    await a.daemon.stop()
    const db = new Database(join(a.home, 'node.db'))
    const row = db.prepare("SELECT hash, envelope FROM receipts WHERE state = 'READ'").get() as { hash: Buffer, envelope: Buffer }
    const damaged = Buffer.from(row.envelope)
    damaged[damaged.length - 10] ^= 0x01 // one bit of the signature, as bit rot in the file would
    // Every copy: the receipt row that the outbox sends and the fact-log entry that sync and gossip serve.
    db.prepare('UPDATE receipts SET envelope = ? WHERE hash = ?').run(damaged, row.hash)
    expect(db.prepare('UPDATE facts SET bytes = ? WHERE bytes = ?').run(damaged, row.envelope).changes).toBe(1)
    db.close()
    await a.daemon.start()
    await b.daemon.start()
    await waitFor('the damaged receipt refused', () => query(a.home, "SELECT status, last_error FROM outbox WHERE kind = 'receipt'"), rows => rows.some(r => r.status === 'failed'))
    const forged = query(b.home, "SELECT count(*) AS n FROM receipts WHERE state = 'READ'")[0].n
    expect(forged).toBe(0)
    expect((await b.daemon.call('status', { obligation })).state).toBe('DELIVERED')
    recordTally({ suite: 'disk', cycles: 1, faults: 1, forgedAccepted: forged })
  })
})
