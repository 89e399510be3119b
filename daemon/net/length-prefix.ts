// Length-prefixed streams for every protocol of ours: @libp2p/utils' lpStream with a length decoder of our own.
// lpStream reads a length one byte at a time and asks its decoder after each byte; the stock decoder answers "not
// yet" by constructing a RangeError, whose stack trace costs more than the rest of reading a small frame (a 1 KB frame
// has a two-byte length: one error per frame). Ours throws one RangeError made at load. It also bounds the prefix:
// the stock loop takes every RangeError for "not yet", so a peer sending continuation bytes (0x80 …) without end kept
// the read going and its buffer growing; here a prefix longer than the longest length the stream accepts fails the
// read, as an over-long length does.
import { InvalidDataLengthLengthError, lpStream, type LengthPrefixedStream, type LengthPrefixedStreamOpts } from '@libp2p/utils'
import type { MessageStream } from '@libp2p/interface'

type Prefix = Parameters<LengthPrefixedStreamOpts['lengthDecoder']>[0] // the bytes of the prefix read so far

/** What the decoder throws while the prefix is incomplete: lpStream reads another byte. Made once. */
export const INCOMPLETE_LENGTH = new RangeError('the length prefix is not complete')

/** Bytes of the unsigned varint that encodes `n`. */
export function varintBytes (n: number): number {
  let bytes = 1
  for (let v = n; v >= 0x80; v = Math.floor(v / 0x80)) bytes++
  return bytes
}

/**
 * A decoder for a varint length of at most `maxBytes` bytes: the value once its last byte (high bit clear) is in,
 * INCOMPLETE_LENGTH before, and InvalidDataLengthLengthError once `maxBytes` bytes have come without an end.
 */
export function lengthDecoder (maxBytes: number): (data: Prefix) => number {
  return data => {
    const n = Math.min(data.byteLength, maxBytes)
    let value = 0
    let scale = 1
    for (let i = 0; i < n; i++) {
      const b = data.get(i)
      value += (b & 0x7f) * scale
      if (b < 0x80) return value
      scale *= 0x80
    }
    if (data.byteLength >= maxBytes) throw new InvalidDataLengthLengthError(`the length prefix has more than ${maxBytes} bytes`)
    throw INCOMPLETE_LENGTH
  }
}

/** lpStream with the decoder above, bounded by `maxDataLength` (required: every stream of ours has a largest frame). */
export function lengthPrefixed<T extends MessageStream> (stream: T, opts: Partial<LengthPrefixedStreamOpts> & { maxDataLength: number }): LengthPrefixedStream<T> {
  const maxLengthLength = varintBytes(opts.maxDataLength)
  return lpStream(stream, { ...opts, maxLengthLength, lengthDecoder: lengthDecoder(maxLengthLength) })
}
