// Short forms for tables: long ids cut in the middle, durations and ages in human units, ANSI color on a TTY.
export function shortId (id: string | undefined, head = 8, tail = 6): string | undefined {
  if (id === undefined) return undefined
  return id.length <= head + tail + 1 ? id : `${id.slice(0, head)}…${id.slice(-tail)}`
}

export function duration (seconds: number): string {
  if (seconds < 60) return `${seconds}s`
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`
  if (seconds < 86400) return `${Math.floor(seconds / 3600)}h${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}m`
  return `${Math.floor(seconds / 86400)}d${String(Math.floor(seconds / 3600) % 24).padStart(2, '0')}h`
}

export function latency (ms: number | undefined): string | undefined {
  if (ms === undefined) return undefined
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`
}

const CODES = { red: 31, green: 32, yellow: 33, blue: 34, magenta: 35, cyan: 36, dim: 2, bold: 1 } as const
export type Color = keyof typeof CODES

export function paint (on: boolean, color: Color, text: string): string {
  return on ? `\u001b[${CODES[color]}m${text}\u001b[0m` : text
}
