// The daemon's TLS encrypter (daemon/net/tls.ts), between real libp2p nodes over TCP: it speaks what @libp2p/tls speaks
// (both ways, with the early muxer), makes one certificate for many connections and a new one once the old is
// CERT_REUSE_MS old, and still refuses a peer that is not the one dialed.
import '../../../daemon/runtime/polyfill.js'
import { afterEach, describe, expect, it } from 'vitest'
import { createLibp2p, type Libp2p } from 'libp2p'
import { tcp } from '@libp2p/tcp'
import { tls } from '@libp2p/tls'
import { yamux } from '@libp2p/yamux'
import { lpStream } from '@libp2p/utils'
import { multiaddr } from '@multiformats/multiaddr'
import type { ConnectionEncrypter, PrivateKey } from '@libp2p/interface'
import { CERT_REUSE_MS, oneCertTls, type TlsComponents } from '../../../daemon/net/tls.js'

const ECHO = '/aios-test/echo/1'

/** Our encrypter, counting the certificates it makes (each is signed once by the node's key) on a clock the test moves. */
function counted (): { encrypter: (c: TlsComponents) => ConnectionEncrypter, certificates: () => number, later: (ms: number) => void } {
  let made = 0
  let offset = 0
  const make = oneCertTls(() => Date.now() + offset)
  return {
    // libp2p's components are read when used (one not set yet throws), so they are passed on the same way
    encrypter: c => make({
      get privateKey () {
        return new Proxy(c.privateKey, {
          get: (key, p) => p === 'sign' ? async (data: Uint8Array) => { made++; return await (key as PrivateKey).sign(data) } : Reflect.get(key, p)
        })
      },
      get logger () { return c.logger },
      get upgrader () { return c.upgrader }
    }),
    certificates: () => made,
    later: ms => { offset += ms }
  }
}

const nodes: Libp2p[] = []
afterEach(async () => { await Promise.all(nodes.splice(0).map(async n => await n.stop())) })

async function node (encrypter: (c: TlsComponents) => ConnectionEncrypter): Promise<Libp2p> {
  const n = await createLibp2p({
    addresses: { listen: ['/ip4/127.0.0.1/tcp/0'] },
    transports: [tcp()],
    connectionEncrypters: [encrypter as never],
    streamMuxers: [yamux()],
    connectionGater: { denyDialMultiaddr: () => false } // loopback
  })
  await n.handle(ECHO, async stream => {
    const lp = lpStream(stream)
    await lp.write(await lp.read())
    await stream.close()
  })
  nodes.push(n)
  return n
}

/** A connection from `a` to `b` (a new one), its encryption, and a round trip on a stream over it. */
async function roundTrip (a: Libp2p, b: Libp2p, text: string): Promise<{ encryption?: string, echo: string }> {
  await a.hangUp(b.peerId)
  const conn = await a.dial(b.getMultiaddrs()[0])
  const lp = lpStream(await conn.newStream(ECHO))
  await lp.write(new TextEncoder().encode(text))
  const echo = new TextDecoder().decode((await lp.read()).subarray())
  return { encryption: conn.encryption, echo }
}

describe('TLS with one certificate per node', () => {
  it('speaks @libp2p/tls both ways and makes one certificate for many connections, then a new one', async () => {
    const ours = counted()
    const a = await node(ours.encrypter)
    const stock = await node(tls())
    const other = await node(counted().encrypter)
    for (let k = 0; k < 3; k++) {
      expect(await roundTrip(a, stock, `to stock ${k}`)).toEqual({ encryption: '/tls/1.0.0', echo: `to stock ${k}` })
      expect(await roundTrip(stock, a, `from stock ${k}`)).toEqual({ encryption: '/tls/1.0.0', echo: `from stock ${k}` })
      expect(await roundTrip(a, other, `to ours ${k}`)).toEqual({ encryption: '/tls/1.0.0', echo: `to ours ${k}` })
    }
    expect(a.getConnections(other.peerId)[0]?.multiplexer).toBe('/yamux/1.0.0') // the early muxer, from ALPN
    expect(ours.certificates()).toBe(1) // nine connections, both ends
    ours.later(CERT_REUSE_MS)
    expect(await roundTrip(a, stock, 'renewed')).toEqual({ encryption: '/tls/1.0.0', echo: 'renewed' })
    expect(ours.certificates()).toBe(2)
  })

  it('refuses a peer whose certificate names another peer id than the one dialed', async () => {
    const a = await node(counted().encrypter)
    const b = await node(counted().encrypter)
    const c = await node(tls())
    const posing = multiaddr(`${b.getMultiaddrs()[0].decapsulate('/p2p').toString()}/p2p/${c.peerId.toString()}`)
    await expect(a.dial(posing)).rejects.toThrow()
    expect(a.getConnections(b.peerId)).toHaveLength(0)
    expect(a.getConnections(c.peerId)).toHaveLength(0)
  })
})
