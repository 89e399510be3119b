// The chart in BENCHMARKS.md, written as SVG from the numbers: horizontal bars (median) with min–max whiskers
// on a log scale, one panel for throughput and one for latency, and the targets with their status.
import { OUTSTANDING, SIZES, SYSTEMS, load } from '../keys.js'
import type { Results, Unit } from '../results.js'
import { num } from './format.js'
import { evaluateAll } from './targets.js'

interface Bar { label: string, median: number, min: number, max: number, color: string }
interface Group { label: string, bars: Bar[] }

const W = 760
const LABEL_W = 190
const PLOT_W = W - LABEL_W - 110
const BAR_H = 14
const COLORS: Record<string, string> = { floor: '#8c8c8c', floorTls: '#b5b5b5', js: '#3b7dd8', aios: '#e07b00' }

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const f = (v: number): string => (Math.round(v * 10) / 10).toString()

function text (x: number, y: number, s: string, attrs = ''): string {
  return `<text x="${f(x)}" y="${f(y)}"${attrs === '' ? '' : ' ' + attrs}>${esc(s)}</text>`
}

/** Powers of ten spanning the values: the log axis. */
function decades (values: number[]): [number, number] {
  const ok = values.filter(v => Number.isFinite(v) && v > 0)
  if (ok.length === 0) return [0, 1]
  return [Math.floor(Math.log10(Math.min(...ok))), Math.max(Math.floor(Math.log10(Math.min(...ok))) + 1, Math.ceil(Math.log10(Math.max(...ok))))]
}

function panel (y0: number, title: string, unit: Unit, groups: Group[]): { svg: string, height: number } {
  const [lo, hi] = decades(groups.flatMap(g => g.bars.flatMap(b => [b.median, b.min, b.max])))
  const x = (v: number): number => LABEL_W + (Math.log10(Math.max(v, 10 ** lo)) - lo) / (hi - lo) * PLOT_W
  const out: string[] = [text(10, y0 + 16, title, 'font-weight="bold"')]
  let y = y0 + 30
  const top = y
  const rows = groups.reduce((n, g) => n + g.bars.length, 0) * (BAR_H + 4) + groups.length * 18
  for (let d = lo; d <= hi; d++) {
    out.push(`<line x1="${f(x(10 ** d))}" y1="${f(top)}" x2="${f(x(10 ** d))}" y2="${f(top + rows)}" stroke="#ddd"/>`)
    out.push(text(x(10 ** d), top + rows + 12, num(10 ** d, unit === 'msgs/s' ? 'msgs/s' : undefined), 'text-anchor="middle" fill="#666"'))
  }
  for (const g of groups) {
    out.push(text(10, y + 12, g.label, 'fill="#333" font-style="italic"'))
    y += 18
    for (const b of g.bars) {
      out.push(text(LABEL_W - 6, y + BAR_H - 3, b.label, 'text-anchor="end"'))
      if (Number.isFinite(b.median) && b.median > 0) {
        out.push(`<rect x="${LABEL_W}" y="${f(y)}" width="${f(Math.max(1, x(b.median) - LABEL_W))}" height="${BAR_H}" fill="${b.color}"/>`)
        if (Number.isFinite(b.min) && Number.isFinite(b.max) && b.max > b.min) {
          const mid = y + BAR_H / 2
          out.push(`<path d="M${f(x(b.min))} ${f(mid)}H${f(x(b.max))}M${f(x(b.min))} ${f(mid - 4)}V${f(mid + 4)}M${f(x(b.max))} ${f(mid - 4)}V${f(mid + 4)}" stroke="#222" fill="none"/>`)
        }
        out.push(text(x(Math.max(b.max, b.median)) + 6, y + BAR_H - 3, `${num(b.median, unit)} ${unit}`))
      } else {
        out.push(text(LABEL_W + 4, y + BAR_H - 3, 'not measured', 'fill="#999"'))
      }
      y += BAR_H + 4
    }
  }
  return { svg: out.join('\n'), height: y - y0 + 24 }
}

function bar (r: Results, key: string, label: string, color: string): Bar {
  const s = r.spread(key)
  return { label, median: s.median, min: s.min, max: s.max, color }
}

export function chartSvg (r: Results, caption: string): string {
  const parts: string[] = []
  let y = 0
  const add = (p: { svg: string, height: number }): void => { parts.push(p.svg); y += p.height }
  add(panel(y, 'notify → DELIVERED, msgs/s (log scale; bar = median, whisker = min–max)', 'msgs/s',
    SIZES.flatMap(s => OUTSTANDING.map(c => ({ label: `${s.label}, ${c} outstanding`, bars: SYSTEMS.map(sys => bar(r, `${load(sys.key, s.key, c)}.rate`, sys.label, COLORS[sys.key])) })))))
  add(panel(y, 'Latency at 1 outstanding, ms (log scale)', 'ms',
    SIZES.flatMap(s => (['p50', 'p99'] as const).map(p => ({ label: `${s.label}, ${p}`, bars: SYSTEMS.map(sys => bar(r, `${load(sys.key, s.key, 1)}.${p}`, sys.label, COLORS[sys.key])) })))))
  parts.push(text(10, y + 16, 'Targets', 'font-weight="bold"'))
  y += 24
  for (const t of evaluateAll(r)) {
    const color = t.status === 'met' ? '#2e8b3a' : t.status === 'not met' ? '#c62828' : '#999'
    parts.push(`<circle cx="16" cy="${f(y + 8)}" r="5" fill="${color}"/>`)
    const measured = t.measured.runs === 0 ? 'no runs' : `${t.target.rule === 'median' ? 'median' : 'worst run'} ${num(t.judged, t.target.unit)}${t.target.unit === 'x' ? '' : ' ' + t.target.unit}`
    parts.push(text(28, y + 12, `${t.status} — ${t.target.label} (${measured})`))
    y += 18
  }
  parts.push(text(10, y + 18, caption, 'fill="#666"'))
  y += 30
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${f(y)}" viewBox="0 0 ${W} ${f(y)}" font-family="sans-serif" font-size="11">`,
    `<rect width="${W}" height="${f(y)}" fill="#fff"/>`,
    ...parts,
    '</svg>',
    ''
  ].join('\n')
}
