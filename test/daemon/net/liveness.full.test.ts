// Liveness under load: a peer that answers pings late (its machine busy, its event loop behind) keeps its connection;
// only a peer silent for longer than PING_TIMEOUT_MS loses it.
import { describe, expect, it } from 'vitest'
import { multiaddr } from '@multiformats/multiaddr'
import { byteStream } from '@libp2p/utils'
import type { Connection, Stream } from '@libp2p/interface'
import { createMesh } from '../../helpers/mesh.js'
import { rawPeer } from '../../helpers/raw-peer.js'
import { PING_TIMEOUT_MS } from '../../../daemon/net/constants.js'

const PING_PROTOCOL = '/ipfs/ping/1.0.0' // what libp2p's connection monitor, its ping service and the DHT speak
// The fault: every answer comes this late, past libp2p's default ping timeout (5 s, which dropped every connection
// of a daemon whose machine stalled that long) and inside ours
const LATE_MS = 6500

/** Echoes one ping LATE_MS late; resolves once the pinging side has read it and closed the stream cleanly. */
async function answerLate (stream: Stream): Promise<void> {
  const bytes = byteStream(stream)
  const payload = (await bytes.read({ bytes: 32 })).subarray()
  await new Promise(resolve => setTimeout(resolve, LATE_MS))
  await bytes.write(payload)
  await new Promise<void>((resolve, reject) => {
    stream.addEventListener('close', evt => {
      const error = (evt as { error?: Error }).error
      if (error === undefined) resolve()
      else reject(error)
    }, { once: true })
    void stream.close().catch(reject)
  })
}

describe('liveness', () => {
  it('pings answered late cost no connection', async () => {
    expect(LATE_MS).toBeLessThan(PING_TIMEOUT_MS)
    const [a, b] = await createMesh(2, { start: false })
    await a.daemon.start()
    // b's node, driven by hand: it answers every ping LATE_MS late. The daemon pings it twice from the start: its DHT
    // before adding a new contact (that ping gives up at 5 s, costing only the routing-table entry) and its
    // connection monitor within one interval, whose late answer must be taken
    const peer = await rawPeer(b.home)
    await peer.unhandle(PING_PROTOCOL)
    let answered!: () => void
    const oneAnswered = new Promise<string>(resolve => { answered = () => { resolve('answered') } })
    await peer.handle(PING_PROTOCOL, stream => { answerLate(stream).then(answered, () => {}) }, { maxInboundStreams: 4 })
    const conn: Connection = await peer.dial(multiaddr(`/ip4/127.0.0.1/tcp/${a.port}/p2p/${a.daemon.peerId}`))
    const closed = new Promise<string>(resolve => { conn.addEventListener('close', () => { resolve('connection closed') }, { once: true }) })

    expect(await Promise.race([oneAnswered, closed])).toBe('answered')
    expect(conn.status).toBe('open')
    expect(peer.getConnections().map(c => c.id)).toContain(conn.id)
  }, 30_000)
})
