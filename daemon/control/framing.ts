// The control socket's framing: bytes into request lines (newline-delimited JSON, bounded), a line into a
// request or a coded refusal. Pure, so what the server runs on received bytes can be tested on its own.
import { MAX_REQUEST_BYTES, type ControlRequest } from './protocol.js'

export type ParsedRequest = { ok: true, req: ControlRequest } | { ok: false, code: 'BAD_REQUEST', message: string }

/** Splits a stream of text into complete lines; too-large once a line outgrows MAX_REQUEST_BYTES. */
export class LineReader {
  private buffer = ''

  push (chunk: string): { lines: string[], tooLarge: boolean } {
    // the held part has no newline: the search starts in the new chunk, and the text is cut once per chunk
    const from = this.buffer.length
    const text = from === 0 ? chunk : this.buffer + chunk
    const lines: string[] = []
    let start = 0
    let nl = text.indexOf('\n', from)
    while (nl >= 0) {
      if (nl - start > MAX_REQUEST_BYTES) return this.overflow(lines)
      const line = text.slice(start, nl)
      if (line.trim() !== '') lines.push(line)
      start = nl + 1
      nl = text.indexOf('\n', start)
    }
    this.buffer = start === 0 ? text : text.slice(start)
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
