// The control socket's framing: lines however the bytes are cut, a line over the limit refused (in one chunk
// or many), and request lines parsed into a request or BAD_REQUEST.
import { describe, expect, it } from 'vitest'
import { LineReader, parseRequest } from '../../../daemon/control/framing.js'
import { MAX_REQUEST_BYTES } from '../../../daemon/control/protocol.js'

describe('control framing', () => {
  it('splits lines across chunks and skips blank ones', () => {
    const r = new LineReader()
    expect(r.push('{"a"').lines).toEqual([])
    expect(r.push(':1}\n \n{"b":2}\n{"c"').lines).toEqual(['{"a":1}', '{"b":2}'])
    expect(r.push(':3}\n').lines).toEqual(['{"c":3}'])
  })

  it('many lines in one chunk, and a line cut right before or after its newline', () => {
    const r = new LineReader()
    const many = Array.from({ length: 500 }, (_, i) => `{"id":${i}}`)
    expect(r.push(many.join('\n') + '\n').lines).toEqual(many)
    expect(r.push('{"x":1}').lines).toEqual([])
    expect(r.push('\n{"y"').lines).toEqual(['{"x":1}'])
    expect(r.push(':2}\n').lines).toEqual(['{"y":2}'])
    expect(r.push('\n\n').lines).toEqual([])
  })

  it('refuses a line over the limit, whether it came in one chunk or several', () => {
    const big = 'x'.repeat(MAX_REQUEST_BYTES + 1)
    expect(new LineReader().push(big + '\n').tooLarge).toBe(true)
    const r = new LineReader()
    expect(r.push(big.slice(0, 10)).tooLarge).toBe(false)
    expect(r.push(big.slice(10)).tooLarge).toBe(true)
  })

  it('parses requests; anything else is BAD_REQUEST', () => {
    expect(parseRequest('{"id":3,"method":"peers"}')).toEqual({ ok: true, req: { id: 3, method: 'peers', params: {} } })
    expect(parseRequest('{"id":"x","method":"peers","params":[1]}')).toEqual({ ok: true, req: { id: 0, method: 'peers', params: {} } })
    // a seat token travels beside the params, as a string only
    expect(parseRequest('{"id":4,"method":"inbox","seatToken":"abc"}')).toStrictEqual({ ok: true, req: { id: 4, method: 'inbox', params: {}, seatToken: 'abc' } })
    expect(parseRequest('{"id":4,"method":"inbox"}')).toStrictEqual({ ok: true, req: { id: 4, method: 'inbox', params: {} } })
    for (const line of ['null', '[]', '{"method":1}', 'nope', '[{"method":"peers"}]', '{"method":"inbox","seatToken":7}']) expect(parseRequest(line)).toMatchObject({ ok: false, code: 'BAD_REQUEST' })
  })
})
