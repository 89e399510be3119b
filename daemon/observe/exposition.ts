// The Prometheus text exposition format (version 0.0.4): HELP and TYPE lines, then one sample per line, label
// values escaped. Small enough to write by hand; a family with no samples is still declared.
export type MetricType = 'counter' | 'gauge'
export type Labels = Record<string, string>

export interface Family {
  name: string
  help: string
  type: MetricType
  samples: Array<{ labels?: Labels, value: number }>
}

export const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8'
const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/

/** HELP text escapes backslash and newline. */
export function escapeHelp (text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')
}

/** Label values also escape the double quote. */
export function escapeLabelValue (text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
}

export function formatValue (v: number): string {
  if (Number.isNaN(v)) return 'NaN'
  if (v === Infinity) return '+Inf'
  if (v === -Infinity) return '-Inf'
  return String(v)
}

function labelText (labels: Labels | undefined): string {
  const keys = Object.keys(labels ?? {})
  if (keys.length === 0) return ''
  for (const k of keys) if (!LABEL.test(k) || k.startsWith('__')) throw new Error(`invalid label name ${k}`)
  return `{${keys.map(k => `${k}="${escapeLabelValue((labels as Labels)[k])}"`).join(',')}}`
}

export function expose (families: Family[]): string {
  const out: string[] = []
  for (const f of families) {
    if (!NAME.test(f.name)) throw new Error(`invalid metric name ${f.name}`)
    out.push(`# HELP ${f.name} ${escapeHelp(f.help)}`, `# TYPE ${f.name} ${f.type}`)
    for (const s of f.samples) out.push(`${f.name}${labelText(s.labels)} ${formatValue(s.value)}`)
  }
  return out.join('\n') + '\n'
}

/** A counter keyed by its label values, for families that grow as events come. */
export class LabeledCounter {
  private readonly values = new Map<string, { labels: Labels, value: number }>()

  inc (labels: Labels = {}, by = 1): void {
    const key = JSON.stringify(Object.entries(labels).sort())
    const v = this.values.get(key)
    if (v === undefined) this.values.set(key, { labels, value: by })
    else v.value += by
  }

  samples (): Array<{ labels: Labels, value: number }> {
    return [...this.values.values()].map(v => ({ labels: v.labels, value: v.value }))
  }
}
