// The fact log's sequence numbers a peer has seen are never given to another fact: on real SQLite and the real sync
// server over real libp2p streams, a fact appended by a relaxed commit (no fsync: a power cut can take it back, and
// its seq with it) is not served by sequence until a durable commit covers it. The power cut itself is made by hand:
// the database and its -wal copied as they were at the last fsync, then reopened.
import '../../../daemon/runtime/polyfill.js'
import { execFile } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { utf8 } from '../../../cards/index.js'
import { serveSync, SYNC_PROTOCOL } from '../../../daemon/sync/index.js'
import { Store } from '../../../daemon/store/index.js'
import { logServer, openSync, pull, stopLogServer, type LogServer } from '../../helpers/log-server.js'

const STRACE = '/usr/bin/strace'
const STORE_MODULE = new URL('../../../dist/daemon/store/index.js', import.meta.url).href

async function setup (): Promise<LogServer> {
  const s = await logServer('aios-seq-')
  await s.server.handle(SYNC_PROTOCOL, (stream, connection) => { void serveSync(s.core, stream, connection) })
  return s
}

/** A fact of the log's own making: the sync server serves bytes as stored, so any unique bytes name a fact. */
function relaxedAppend (store: Store, text: string): Promise<number | undefined> {
  return store.commit.run(() => store.facts.append('receipt', utf8(text), Date.now()), { durable: false })
}

describe('the fact log never reuses a sequence number a peer has seen', () => {
  let s: LogServer
  beforeAll(async () => { s = await setup() })
  afterAll(async () => { await stopLogServer(s) })

  it('a fact appended by a relaxed commit is served by sequence only once a durable commit covers it', async () => {
    const store = s.core.store
    const before = store.facts.head()
    const seq = await relaxedAppend(store, 'relaxed fact one')
    expect(seq).toBe(before + 1)
    expect((await pull(s, before)).map(f => f.seq), 'served while only a relaxed commit holds it').toEqual([])
    await store.commit.run(() => store.meta.set('durable-seq-test', 'x')) // any durable commit: its fsync covers the log before it
    expect((await pull(s, before)).map(f => f.seq)).toEqual([seq])
  })

  it('a durable group that wrote nothing (no fsync) does not count as covering a relaxed fact', async () => {
    const store = s.core.store
    const before = store.facts.head()
    const seq = await relaxedAppend(store, 'relaxed fact read-only group')
    await store.commit.run(() => store.facts.head()) // durable, but nothing written: SQLite commits without a sync
    expect((await pull(s, before)).map(f => f.seq)).toEqual([])
    await store.commit.run(() => store.meta.set('durable-seq-test', 'z'))
    expect((await pull(s, before)).map(f => f.seq)).toEqual([seq])
  })

  it('a peer tailing the log gets a relaxed fact once it is durable, without waiting for other writes', async () => {
    const store = s.core.store
    const since = store.facts.head()
    const sync = await openSync(s, since, true)
    expect((await sync.read()).done).toBe(true) // caught up
    const seq = await relaxedAppend(store, 'relaxed fact two')
    const durableBefore = store.commit.durableCommits
    const page = await sync.read()
    expect(page.facts.map(f => f.seq)).toEqual([seq])
    expect(store.commit.durableCommits, 'a durable commit came between the relaxed append and the page').toBeGreaterThan(durableBefore)
    sync.abort()
  })

  it('a log left by a crash is fsynced once at open, so its relaxed facts count as durable (strace)', async () => {
    const store = s.core.store
    await relaxedAppend(store, 'relaxed before a crash')
    const crashed = mkdtempSync(join(tmpdir(), 'aios-seq-crash-'))
    onTestFinished(() => { rmSync(crashed, { recursive: true, force: true }) })
    const db = join(s.dir, 'node.db')
    for (const f of ['', '-wal']) copyFileSync(db + f, join(crashed, 'node.db' + f)) // a kill leaves the files as the OS holds them
    const copy = join(crashed, 'node.db')
    expect(statSync(`${copy}-wal`).size).toBeGreaterThan(0)
    const trace = join(crashed, 'trace.txt')
    const script = `const { Store } = await import(${JSON.stringify(STORE_MODULE)}); const s = Store.open(${JSON.stringify(copy)}); console.log(JSON.stringify({ head: s.facts.head(), durable: s.facts.durableHead?.() })); process.exit(0)`
    const out = await new Promise<string>((resolve, reject) => {
      execFile(STRACE, ['-f', '-y', '-e', 'trace=fsync,fdatasync,write', '-o', trace, process.execPath, '--input-type=module', '-e', script], (err, stdout, stderr) => {
        if (err !== null) reject(new Error(`${err.message} ${stderr}`))
        else resolve(stdout)
      })
    })
    const r = JSON.parse(out.trim().split('\n').pop() ?? '{}') as { head: number, durable: number }
    // before the store is used (its printed answer), not at exit (closing a database checkpoints, which fsyncs too)
    const lines = readFileSync(trace, 'utf8').split('\n')
    const answered = lines.findIndex(l => /\bwrite\(1</.test(l) && l.includes('head'))
    expect(answered).toBeGreaterThan(0)
    expect(lines.slice(0, answered).filter(l => /\bf(data)?sync\(\d+<[^>]*node\.db-wal>\)\s*=\s*0/.test(l)), 'an fsync of the -wal at open').not.toEqual([])
    expect(r.durable).toBe(r.head)
  })

  it('after a power cut that takes a relaxed commit back, no seq a peer was served names another fact', async () => {
    const store = s.core.store
    await store.commit.run(() => store.meta.set('durable-seq-test', 'y')) // the last fsync: the disk holds this state
    const disk = mkdtempSync(join(tmpdir(), 'aios-seq-cut-'))
    onTestFinished(() => { rmSync(disk, { recursive: true, force: true }) })
    const db = join(s.dir, 'node.db')
    for (const f of ['', '-wal']) if (existsSync(db + f)) copyFileSync(db + f, join(disk, 'node.db' + f))
    const since = store.facts.head()
    await relaxedAppend(store, 'lost in the power cut') // no fsync after it: the power cut takes it back
    const served = await pull(s, since) // what a peer records (its checkpoint moves to the last seq served)
    const after = Store.open(join(disk, 'node.db')) // the node restarts from what was on disk
    try {
      after.tx(() => after.facts.append('receipt', utf8('a new fact after the restart'), Date.now()))
      const now = new Map(after.facts.since(since, 100).map(f => [f.seq, Buffer.from(f.bytes).toString()]))
      for (const f of served) expect(now.get(f.seq), `seq ${f.seq} was served as "${Buffer.from(f.envelope).toString()}"`).toBe(Buffer.from(f.envelope).toString())
    } finally {
      after.close()
    }
  })
})
