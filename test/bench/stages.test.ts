// The per-stage cost table's attribution: a profile sample goes to the stage of the innermost frame a rule claims,
// by file first; shared code goes to its caller; idle is left out; the time window is honoured.
import { describe, expect, it } from 'vitest'
import { RULES, attribute, type Frame } from '../../bench/stages/rules.js'
import { stageTimes, type CpuProfile } from '../../bench/stages/profile.js'

const D = 'file:///work/x/dist/'
const f = (path: string, functionName = 'fn'): Frame => ({ url: path === '' ? '' : path.startsWith('file:') ? path : `${D}${path}`, functionName })
const NM = (p: string): string => `file:///work/x/node_modules/${p}`

describe('attribution rules', () => {
  it('gives a sample the stage of the innermost frame a rule claims', () => {
    // innermost first: sha256 in node's crypto (shared) ← cards (shared) ← accept.ts ← deliver-server.ts
    const stack = [f('node:internal/crypto/hash', 'digest'), f('cards/hash.js', 'sha256'), f('daemon/messaging/accept.js', 'verifyMessage'), f('daemon/delivery/deliver-server.js', 'serveDeliver')]
    expect(attribute(stack, 'recipient')).toBe('recipient')
    // a length-prefixed write of the deliver frame: libp2p is further in than the peer session that called it
    expect(attribute([f(NM('@libp2p/utils/dist/src/length-prefixed-stream.js'), 'write'), f('daemon/delivery/peer-session.js', 'send')], 'sender')).toBe('transport')
    // and the peer session's own protobuf encode (protobufjs, then proto/, both shared) is the frame's
    expect(attribute([f(NM('protobufjs/src/writer.js'), 'finish'), f('proto/index.js', 'deliverRequestToWire'), f('daemon/delivery/peer-session.js', 'send'), f('daemon/delivery/outbox-worker.js', 'deliverRemote')], 'sender')).toBe('frame')
  })

  it('matches by file, so a function renamed inside a file keeps its stage', () => {
    expect(attribute([f('daemon/messaging/notify.js', 'send')], 'sender')).toBe('notify')
    expect(attribute([f('daemon/messaging/notify.js', 'someNewName')], 'sender')).toBe('notify')
    expect(attribute([f('daemon/control/server.js', 'anything')], 'sender')).toBe('control')
    expect(attribute([f('daemon/control/routes/x.js', '')], 'sender')).toBe('control')
    // the same path under the TypeScript sources (a profile of ts code run directly)
    expect(attribute([f('file:///work/x/daemon/messaging/accept.ts', 'x')], 'recipient')).toBe('recipient')
  })

  it('names a function only where one file holds two stages', () => {
    // the answer frame, whichever file calls it
    expect(attribute([f(NM('protobufjs/src/reader.js'), 'uint32'), f('proto/index.js', 'deliverResponseFromWire'), f('daemon/delivery/peer-session.js', 'readLoop')], 'sender')).toBe('delivered')
    expect(attribute([f('proto/index.js', 'deliverResponseToWire'), f('daemon/delivery/deliver-server.js', 'serveDeliver')], 'recipient')).toBe('delivered')
    // the outbox worker: settling is settle, scanning is the frame's, its anonymous closures inside a commit are settle
    expect(attribute([f('daemon/delivery/outbox-worker.js', 'settle')], 'sender')).toBe('settle')
    expect(attribute([f('daemon/delivery/outbox-worker.js', 'dispatch')], 'sender')).toBe('frame')
    expect(attribute([f('daemon/store/outbox.js', 'done'), f('daemon/delivery/outbox-worker.js', ''), f(NM('better-sqlite3/lib/methods/transaction.js'), 'sqliteTransaction'), f('daemon/store/group-commit.js', 'flush')], 'sender')).toBe('settle')
  })

  it('gives the group commit\'s own frames (BEGIN, COMMIT, the fsync) to the commit of the daemon\'s side', () => {
    const commit = [f(NM('better-sqlite3/lib/methods/transaction.js'), 'sqliteTransaction'), f('daemon/store/group-commit.js', 'flush')]
    expect(attribute(commit, 'sender')).toBe('notify')
    expect(attribute(commit, 'recipient')).toBe('recipient')
    // a queued write of notify inside that commit is notify's on either side; accept's is the recipient's
    expect(attribute([f('daemon/store/messages.js', 'insertMessage'), f('daemon/messaging/notify.js', ''), ...commit], 'sender')).toBe('notify')
    expect(attribute([f('daemon/store/messages.js', 'insertMessage'), f('daemon/messaging/accept.js', ''), ...commit], 'sender')).toBe('recipient')
  })

  it('gives a socket write with no owner above it to transport, but an owned one to its owner', () => {
    expect(attribute([f('', 'writeBuffer'), f('node:internal/stream_base_commons', 'writeGeneric'), f('node:net', '_writeGeneric')], 'sender')).toBe('transport')
    expect(attribute([f('', 'writeBuffer'), f('node:net', '_writeGeneric'), f('daemon/control/framing.js', 'writeFrame')], 'sender')).toBe('control')
  })

  it('has GC, idle and other', () => {
    expect(attribute([f('', '(garbage collector)')], 'sender')).toBe('gc')
    expect(attribute([f('', '(idle)')], 'sender')).toBeUndefined()
    expect(attribute([f('', '(program)')], 'sender')).toBe('other')
    expect(attribute([f('daemon/store/messages.js', 'message')], 'sender')).toBe('other') // shared code with no owner
    expect(attribute([f(NM('@libp2p/gossipsub/dist/src/gossipsub.js'), 'publish'), f('daemon/sync/gossip.js', 'x')], 'sender')).toBe('gossip')
  })

  it('explains every rule', () => {
    for (const r of RULES) expect(r.why.length).toBeGreaterThan(5)
  })
})

describe('a profile summed by stage', () => {
  // root → program(idle) | notify.js → group-commit.js(leaf) | gc
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: f('', '(root)'), children: [2, 3, 5] },
      { id: 2, callFrame: f('', '(idle)') },
      { id: 3, callFrame: f('daemon/messaging/notify.js', 'send'), children: [4] },
      { id: 4, callFrame: f('daemon/store/messages.js', 'insertMessage') },
      { id: 5, callFrame: f('', '(garbage collector)') }
    ],
    startTime: 1000,
    endTime: 1100,
    // samples at t = 1010, 1020, 1040, 1070, 1080; each lasts until the next (the last until endTime)
    samples: [4, 2, 5, 3, 4],
    timeDeltas: [10, 10, 20, 30, 10]
  }

  it('sums each sample\'s time into its stage and leaves idle out', () => {
    const t = stageTimes(profile, 'sender')
    expect(t.us.notify).toBe(10 + 10 + 20) // 1010 (10), 1070 (10), 1080 (to the end: 20)
    expect(t.us.gc).toBe(30)
    expect(t.busyUs).toBe(70)
    expect(t.samples).toBe(4)
  })

  it('counts only the samples inside the window', () => {
    const t = stageTimes(profile, 'sender', { fromUs: 1030, toUs: 1075 })
    expect(t.us.gc).toBe(30)
    expect(t.us.notify).toBe(10)
    expect(t.samples).toBe(2)
  })
})
