// The benchmark's pure parts: statistics, ratios paired within rounds, and the report and chart it writes.
import { describe, expect, it } from 'vitest'
import { median, pairedRatios, percentile, spread, summarize } from '../../bench/stats.js'
import { Results } from '../../bench/results.js'
import { DRAIN, FASTER_FLOOR, RESOURCES, convergence, load } from '../../bench/keys.js'
import { recordFasterFloor } from '../../bench/floor/faster.js'
import { evaluate, evaluateAll, TARGETS } from '../../bench/report/targets.js'
import { chartSvg } from '../../bench/report/svg.js'
import { benchmarksMarkdown } from '../../bench/report/markdown.js'
import { tables } from '../../bench/report/tables.js'
import { cell } from '../../bench/report/format.js'
import { FULL } from '../../bench/plan.js'

describe('stats', () => {
  it('takes nearest-rank percentiles of sorted values', () => {
    const s = Array.from({ length: 1000 }, (_, i) => i + 1)
    expect(percentile(s, 50)).toBe(500)
    expect(percentile(s, 99)).toBe(990)
    expect(percentile(s, 99.9)).toBe(999)
    expect(percentile([7], 99)).toBe(7)
    expect(percentile([], 50)).toBeNaN()
    expect(summarize([3, 1, 2])).toEqual({ p50: 2, p99: 3, p999: 3, max: 3 })
  })

  it('takes the median of odd and even counts and skips missing runs', () => {
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([NaN, 2, NaN])).toBe(2)
    expect(median([])).toBeNaN()
    expect(spread([3, NaN, 1, 2])).toEqual({ median: 2, min: 1, max: 3, runs: 3 })
    expect(spread([NaN]).runs).toBe(0)
  })

  it('pairs ratios round by round, not median by median', () => {
    // medians 2 and 2 would say 1.0; the rounds say 2.0, 0.5, 2.0
    expect(pairedRatios([4, 1, 2], [2, 2, 1])).toEqual([2, 0.5, 2])
    expect(median(pairedRatios([4, 1, 2], [2, 2, 1]))).toBe(2)
    // a round missing either side gives no ratio
    expect(pairedRatios([1, NaN, 3, 4], [1, 1, NaN, 0])).toEqual([1])
  })
})

/** Fixed numbers for three rounds: aios-comm slower than either floor (TLS the faster in rounds 1 and 3), faster than JetStream at 1 KB. */
function fixture (): Results {
  const r = new Results(3)
  const rate = { floor: [20_000, 22_000, 21_000], floorTls: [24_000, 20_000, 25_000], js: [4000, 4200, 3900], aios: [9000, 12_000, 10_000] }
  for (const sys of ['floor', 'floorTls', 'js', 'aios'] as const) {
    for (const size of ['1k', '64k'] as const) {
      for (const c of [1, 256]) {
        for (let i = 0; i < 3; i++) {
          const k = load(sys, size, c)
          r.record(`${k}.rate`, 'msgs/s', i, rate[sys][i] / (size === '64k' ? 10 : 1) / (c === 1 ? 20 : 1))
          r.record(`${k}.p50`, 'ms', i, sys === 'aios' ? 0.8 + i * 0.1 : sys === 'floorTls' ? 0.25 : 0.2)
          r.record(`${k}.p99`, 'ms', i, sys === 'aios' ? 6 : 1)
          r.record(`${k}.p999`, 'ms', i, 9)
        }
      }
    }
  }
  for (let i = 0; i < 3; i++) recordFasterFloor(r, i)
  for (let i = 0; i < 3; i++) {
    r.record(DRAIN.rate, 'msgs/s', i, [8000, 9000, 9000][i])
    r.record(convergence(30, 'p50'), 'ms', i, 200)
    r.record(convergence(30, 'p99'), 'ms', i, [900, 1100, 950][i])
    r.record(RESOURCES.idleRss, 'MiB', i, 80)
    r.record(RESOURCES.rss100k, 'MiB', i, 160)
  }
  r.micro.push({ stage: 'transport', variant: 'TLS, 1 KB × 256', itemsPerSec: 25_000, cpuUsPerItem: 38.25, items: 20_000, note: 'both ends in one process' })
  r.stages = {
    bytes: 1024,
    outstanding: 256,
    messages: 5000,
    rows: [{ stage: 'notify', label: 'notify commit', sender: 300, recipient: 0 }, { stage: 'transport', label: 'transport', sender: 100, recipient: 200 }],
    busy: { sender: 400, recipient: 200 },
    cpu: { sender: 350, recipient: 180 }
  }
  r.unavailable.set('example', 'not installed & <skipped>')
  r.notes.push('a note about this run')
  return r
}

describe('results', () => {
  it('survive a JSON round trip, missing runs included', () => {
    const r = fixture()
    r.record('extra', 'ms', 2, 5)
    const back = Results.fromJSON(JSON.parse(JSON.stringify(r)))
    expect(back.values('extra')).toEqual([NaN, NaN, 5])
    expect(back.spread(`${load('aios', '1k', 256)}.rate`)).toEqual(r.spread(`${load('aios', '1k', 256)}.rate`))
    expect(back.unavailable.get('example')).toBe('not installed & <skipped>')
    expect(back.notes).toEqual(['a note about this run'])
    expect(back.micro).toEqual(r.micro)
    expect(back.stages).toEqual(r.stages)
  })
})

describe('the faster floor', () => {
  it('takes, round by round, the higher msgs/s and the lower latency of the Noise and the TLS floor', () => {
    const r = fixture()
    expect(r.values(`${load(FASTER_FLOOR, '1k', 256)}.rate`)).toEqual([24_000, 22_000, 25_000])
    expect(r.values(`${load(FASTER_FLOOR, '1k', 1)}.p50`)).toEqual([0.2, 0.2, 0.2])
    // a round where one floor did not run: the other is the floor of that round
    const one = new Results(2)
    one.record(`${load('floorTls', '1k', 256)}.rate`, 'msgs/s', 0, 5)
    one.record(`${load('floor', '1k', 256)}.rate`, 'msgs/s', 1, 7)
    recordFasterFloor(one, 0)
    recordFasterFloor(one, 1)
    expect(one.values(`${load(FASTER_FLOOR, '1k', 256)}.rate`)).toEqual([5, 7])
    expect(one.values(`${load(FASTER_FLOOR, '64k', 256)}.rate`)).toEqual([])
  })
})

describe('targets', () => {
  it('judges each target by its rule: the median of its runs or per-round ratios, or the worst run', () => {
    const r = fixture()
    const byLabel = new Map(evaluateAll(r).map(v => [v.target.label, v]))
    const floor1k = byLabel.get(TARGETS[0].label)!
    // against the faster floor of each round (24k, 22k, 25k): 0.375, 0.545, 0.4; the Noise floor alone would give 0.476
    expect(floor1k.measured.median).toBeCloseTo(10_000 / 25_000)
    expect(floor1k.status).toBe('not met')
    expect(byLabel.get(TARGETS[1].label)!.status).toBe('met') // ≈ 2.5× JetStream
    expect(byLabel.get('notify → DELIVERED p50, 1 KB, 1 outstanding ≤ 1 ms')!.status).toBe('met') // median 0.9
    expect(byLabel.get('notify → DELIVERED p99, 1 KB, 1 outstanding ≤ 5 ms')!.status).toBe('not met')
    expect(byLabel.get('reconnect drain ≥ 0.8× steady msgs/s (1 KB, 256 outstanding)')!.measured.median).toBeCloseTo(8 / 9) // rounds: 0.89, 0.75, 0.9
    // must hold in every run: runs of 900, 1100 and 950 ms fail on the 1100 ms run though the median (950) is under 1 s
    const conv = byLabel.get('a receipt reaches 30 daemons, p99 ≤ 1 s, in every run')!
    expect(conv.target.rule).toBe('worst')
    expect(conv.judged).toBe(1100)
    expect(conv.status).toBe('not met')
    expect(TARGETS.filter(t => t.rule === 'worst').map(t => t.label)).toEqual([conv.target.label])
    expect(byLabel.get('idle daemon RSS ≤ 100 MiB')!.status).toBe('met')
    expect(byLabel.get('daemon RSS with 100k stored messages ≤ 150 MiB')!.status).toBe('not met')
    expect(byLabel.get('start-up with 1M stored messages ≤ 1 s')!.status).toBe('not measured')
    expect(evaluate(new Results(1), TARGETS[0]).status).toBe('not measured')
  })
})

describe('report', () => {
  it('formats cells as median (min–max)', () => {
    expect(cell({ median: 1234.4, min: 1000, max: 1500, runs: 3 }, 'msgs/s')).toBe('1,234 (1,000–1,500)')
    expect(cell({ median: 0.5, min: 0.5, max: 0.5, runs: 1 }, 'ms')).toBe('0.50')
    expect(cell({ median: NaN, min: NaN, max: NaN, runs: 0 }, 'ms')).toBe('–')
  })

  it('writes markdown with every table, the chart, the machine and honest "not met" lines', () => {
    const r = fixture()
    const md = benchmarksMarkdown({
      results: r,
      machine: { cpu: 'Test CPU', cores: 2, ramGiB: 4, kernel: '6.1.0', node: 'v20.20.2', natsServer: 'nats-server: v2.9.10', date: '2026-01-01T00:00:00Z' },
      plan: FULL,
      wallSeconds: 600,
      chartFile: 'benchmarks.svg',
      seedBodyBytes: 200
    })
    expect(md).toContain('![benchmark chart](benchmarks.svg)')
    expect(md).toContain('Test CPU, 2 cores, 4 GiB RAM, Linux 6.1.0, Node v20.20.2, nats-server: v2.9.10')
    expect(md).toContain('2026-01-01T00:00:00Z')
    expect(md).toContain('not met: daemon RSS with 100k stored messages ≤ 150 MiB — median 160.0 MiB')
    expect(md).toContain('acknowledges before fsync by default')
    expect(md).toContain('- example: not installed & <skipped>')
    expect(md).toContain('- a note about this run')
    for (const t of tables(r)) {
      expect(md).toContain(`## ${t.title}`)
      for (const row of t.rows) expect(row.length).toBe(t.header.length)
    }
    // the per-round ratio against the faster floor, 10000/25000 in the last round, shows as 0.40×
    expect(md).toMatch(/\| msgs\/s aios-comm \/ faster floor, 1 KB, 256 outstanding \| 0\.40× \| 0\.38× \| 0\.55× \| 3 \|/)
    expect(md).toContain('| transport | TLS, 1 KB × 256 (both ends in one process) | 25,000 | 38.3 |')
    expect(md).toContain('| notify commit | 300 | 75 % | 0 | 0 % |')
    expect(md).toContain('| process CPU, all threads (/proc, same run) | 350 |  | 180 |  |')
    expect(md).toContain('| libp2p floor, Noise |')
    expect(md).toContain('| libp2p floor, TLS |')
    expect(md).toContain('faster of the Noise and the TLS floor')
    expect(md).toContain('not met: a receipt reaches 30 daemons, p99 ≤ 1 s, in every run — worst run 1100 ms')
    expect(md).toMatch(/\| a receipt reaches 30 daemons, p99 ≤ 1 s, in every run \| worst run \| 1100 ms \| 950 ms \|/)
  })

  it('writes a well-formed SVG with one bar per measured figure and no NaN', () => {
    const svg = chartSvg(fixture(), 'test caption <&>')
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(svg.trim().endsWith('</svg>')).toBe(true)
    expect(svg).not.toMatch(/NaN|undefined|Infinity/)
    expect(svg).toContain('test caption &lt;&amp;&gt;')
    // tags balance: every opened element is closed, in order
    const stack: string[] = []
    for (const m of svg.matchAll(/<(\/?)([a-z]+)[^>]*?(\/?)>/g)) {
      if (m[3] === '/') continue
      if (m[1] === '/') expect(stack.pop()).toBe(m[2])
      else stack.push(m[2])
    }
    expect(stack).toEqual([])
    // 4 systems × 4 workloads of msgs/s + 4 systems × 4 latency bars, all measured in the fixture
    expect(svg.match(/<rect x=/g)?.length).toBe(32)
    expect(svg).toContain('not met — daemon RSS with 100k stored messages')
  })
})
