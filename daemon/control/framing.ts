// The control socket's framing: bytes into request lines (newline-delimited JSON, bounded), a line into a
// request or a coded refusal. Pure, so what the server runs on received bytes can be tested on its own.
import { MAX_REQUEST_BYTES, type ControlRequest } from './protocol.js'

export type ParsedRequest = { ok: true, req: ControlRequest } | { ok: false, code: 'BAD_REQUEST', message: string }

/** Splits a stream of text into complete lines; too-large once a line outgrows MAX_REQUEST_BYTES. */
export class LineReader {
  private buffer = ''

  push (chunk: string): { lines: string[], tooLarge: boolean } {
    this.buffer += chunk
    const lines: string[] = []
    let nl
    while ((nl = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, nl)
      this.buffer = this.buffer.slice(nl + 1)
      if (line.length > MAX_REQUEST_BYTES) return this.overflow(lines)
      if (line.trim() !== '') lines.push(line)
    }
    if (this.buffer.length > MAX_REQUEST_BYTES) return this.overflow(lines)
    return { lines, tooLarge: false }
  }

  private overflow (lines: string[]): { lines: string[], tooLarge: boolean } {
    this.buffer = ''
    return { lines, tooLarge: true }
  }
}

export function parseRequest (line: string): ParsedRequest {
  let req: ControlRequest
  try {
    req = JSON.parse(line)
  } catch {
    req = undefined as unknown as ControlRequest
  }
  if (req === null || typeof req !== 'object' || Array.isArray(req) || typeof req.method !== 'string') {
    return { ok: false, code: 'BAD_REQUEST', message: 'a request is one JSON object {id, method, params} per line' }
  }
  const id = Number.isSafeInteger(req.id) ? req.id : 0
  const params = req.params !== null && typeof req.params === 'object' && !Array.isArray(req.params) ? req.params : {}
  if (req.seatToken !== undefined && req.seatToken !== null && typeof req.seatToken !== 'string') {
    return { ok: false, code: 'BAD_REQUEST', message: 'seatToken must be a string (the content of a seat token file)' }
  }
  return { ok: true, req: typeof req.seatToken === 'string' ? { id, method: req.method, params, seatToken: req.seatToken } : { id, method: req.method, params } }
}
