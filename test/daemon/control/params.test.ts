// A notify's body as the control call gives it: `text` is UTF-8, `body` base64; the bytes are exactly those, and
// both fields leave the params (a call that waits keeps its params).
import { describe, expect, it } from 'vitest'
import { takeBody } from '../../../daemon/control/params.js'

describe('takeBody', () => {
  it('gives the UTF-8 bytes of a text, of any length, and takes the text out of the params', () => {
    for (const text of ['plain', 'é → ✓ 🙂 ñ', 'ß'.repeat(3000), 'x'.repeat(70_000)]) {
      const p: Record<string, unknown> = { to: 'agent-b', text }
      const bytes = takeBody(p, 'text', 'body')
      expect(Array.from(bytes)).toEqual(Array.from(new TextEncoder().encode(text)))
      expect(p).toEqual({ to: 'agent-b' })
    }
  })

  it('gives the decoded bytes of a base64 body', () => {
    const raw = Uint8Array.from({ length: 300 }, (_, i) => (i * 37) & 0xff)
    const p: Record<string, unknown> = { body: Buffer.from(raw).toString('base64') }
    expect(Array.from(takeBody(p, 'text', 'body'))).toEqual(Array.from(raw))
    expect(p).toEqual({})
  })

  it('refuses a body that is not text with a code', () => {
    expect(() => takeBody({ body: 5 }, 'text', 'body')).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }))
  })
})
