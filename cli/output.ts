// Printing: one JSON document with --json, readable lines otherwise; errors as one line on stderr.
import { isErrorCode } from '../cards/codes.js'
import { exitCodeFor } from './exit-codes.js'

export interface OutputOptions {
  json?: boolean
}

export function print (opts: OutputOptions, value: unknown, text: () => string): void {
  process.stdout.write(opts.json === true ? JSON.stringify(value, null, 2) + '\n' : text() + '\n')
}

/** A table with aligned columns; empty cells print as "-". */
export function table (headers: string[], rows: Array<Array<string | number | undefined>>): string {
  const cells = [headers, ...rows.map(r => r.map(c => (c === undefined || c === '' ? '-' : String(c))))]
  const widths = headers.map((_, i) => Math.max(...cells.map(r => r[i].length)))
  return cells.map(r => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ')).join('\n')
}

/** Prints `aios-comm: CODE: message` and returns the exit status for it. */
export function reportError (err: unknown): number {
  const e = err as { code?: unknown, message?: unknown }
  const code = isErrorCode(e?.code) ? e.code : 'INTERNAL'
  const message = typeof e?.message === 'string' ? e.message : String(err)
  process.stderr.write(`aios-comm: ${code}: ${message.split('\n')[0]}\n`)
  if (code === 'INTERNAL' && process.env.AIOS_COMM_DEBUG !== undefined) process.stderr.write(`${(err as Error)?.stack ?? ''}\n`)
  return exitCodeFor(code)
}
