// The length prefix every protocol of ours reads: the same values as the varint libp2p writes, "not yet" told
// with one RangeError made once (no error constructed per frame), and a prefix that never ends refused by a real
// daemon's deliver server instead of being read for ever.
import { describe, expect, it } from 'vitest'
import { Uint8ArrayList } from 'uint8arraylist'
import protobuf from 'protobufjs/minimal.js'
import { INCOMPLETE_LENGTH, lengthDecoder, varintBytes } from '../../../daemon/net/length-prefix.js'
import { MAX_FRAME_BYTES } from '../../../daemon/net/index.js'
import { createMesh } from '../../helpers/mesh.js'
import { openDeliver, rawPeer } from '../../helpers/raw-peer.js'

/** What lpStream does (@libp2p/utils): the prefix's bytes appended one at a time, the decoder asked after each. */
function feed (decode: (d: Uint8ArrayList) => number, bytes: Uint8Array): { value?: number, thrown: unknown[] } {
  const list = new Uint8ArrayList()
  const thrown: unknown[] = []
  for (const b of bytes) {
    list.append(Uint8Array.of(b))
    try {
      return { value: decode(list), thrown }
    } catch (err) {
      thrown.push(err)
      if (!(err instanceof RangeError)) break // lpStream reads another byte only after a RangeError
    }
  }
  return { thrown }
}

describe('length prefix', () => {
  const maxBytes = varintBytes(MAX_FRAME_BYTES)

  it('decodes every length libp2p encodes, telling "not yet" with the one error made at load', () => {
    for (const n of [0, 1, 127, 128, 300, 16_383, 16_384, 65_536 + 17, 2_097_151, MAX_FRAME_BYTES]) {
      const encoded = protobuf.Writer.create().uint32(n).finish() // a varint as protobuf writes it: another encoder
      expect(varintBytes(n)).toBe(encoded.byteLength)
      const { value, thrown } = feed(lengthDecoder(maxBytes), encoded)
      expect(value).toBe(n)
      expect(thrown).toHaveLength(encoded.byteLength - 1)
      for (const err of thrown) expect(err).toBe(INCOMPLETE_LENGTH) // the same object: no stack trace made per byte
    }
  })

  it('refuses a prefix longer than the largest frame needs', () => {
    const { value, thrown } = feed(lengthDecoder(maxBytes), new Uint8Array(16).fill(0x80))
    expect(value).toBeUndefined()
    expect(thrown).toHaveLength(maxBytes)
    expect(thrown.slice(0, -1).every(e => e === INCOMPLETE_LENGTH)).toBe(true)
    const last = thrown[maxBytes - 1] as Error
    expect(last).not.toBeInstanceOf(RangeError) // lpStream reads on after a RangeError: this one must end the read
    expect(last.name).toBe('InvalidDataLengthLengthError')
  })

  it('a peer that sends a length prefix without end gets FRAME_TOO_LARGE from a daemon, which keeps serving', async () => {
    const [a, b] = await createMesh(2)
    await b.daemon.stop()
    const peer = await rawPeer(b.home) // b's node key: a peer the daemon trusts
    const s = await openDeliver(peer, a.daemon.peerId, a.port)
    await s.write(new Uint8Array(64).fill(0x80)) // continuation bytes, never a last one
    const answer = await s.read() // with a decoder that takes every byte for "not yet", no answer ever comes
    expect(answer?.error?.code).toBe('FRAME_TOO_LARGE')
    const again = await openDeliver(peer, a.daemon.peerId, a.port)
    expect((await again.request({ cards: [] })).results).toEqual([])
  })
})
