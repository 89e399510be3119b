// The report's tables, built from a run's results: the same tables are printed and written to BENCHMARKS.md.
import { DRAIN, FASTER_FLOOR, JOIN_PHASES, LIFECYCLE, MESH_SIZES, OUTSTANDING, RESOURCES, RETENTION_SIDES, SIZES, SYSTEMS, convergence, load, retentionCompact, retentionDisk, retentionJoin } from '../keys.js'
import type { Results } from '../results.js'
import type { Spread } from '../stats.js'
import { cell, num, withUnit } from './format.js'
import { evaluateAll } from './targets.js'

export interface Table {
  title: string
  header: string[]
  rows: string[][]
}

const LATENCY = ['p50', 'p99', 'p999'] as const

function loadTable (r: Results): Table {
  const rows: string[][] = []
  for (const size of SIZES) {
    for (const c of OUTSTANDING) {
      for (const sys of SYSTEMS) {
        const k = load(sys.key, size.key, c)
        const why = r.unavailable.get(sys.group)
        const figures = why !== undefined && r.spread(`${k}.rate`).runs === 0
          ? [`not run: ${why}`, '', '', '']
          : [cell(r.spread(`${k}.rate`), 'msgs/s'), ...LATENCY.map(p => cell(r.spread(`${k}.${p}`), 'ms'))]
        rows.push([`${size.label}, ${c} outstanding`, sys.label, ...figures])
      }
    }
  }
  return { title: 'notify → DELIVERED beside the transport floor and JetStream (median (min–max) over rounds)', header: ['workload', 'system', 'msgs/s', 'p50 ms', 'p99 ms', 'p99.9 ms'], rows }
}

function ratioTable (r: Results): Table {
  const rows: string[][] = []
  const add = (label: string, a: string, b: string): void => {
    const s = r.ratio(a, b)
    rows.push([label, num(s.median, 'x'), num(s.min, 'x'), num(s.max, 'x'), String(s.runs)])
  }
  for (const size of SIZES) {
    for (const c of OUTSTANDING) {
      for (const other of [FASTER_FLOOR, 'js'] as const) {
        const name = other === FASTER_FLOOR ? 'faster floor' : 'JetStream'
        add(`msgs/s aios-comm / ${name}, ${size.label}, ${c} outstanding`, `${load('aios', size.key, c)}.rate`, `${load(other, size.key, c)}.rate`)
      }
    }
  }
  for (const other of [FASTER_FLOOR, 'js'] as const) {
    add(`p50 latency aios-comm / ${other === FASTER_FLOOR ? 'faster floor' : 'JetStream'}, 1 KB, 1 outstanding`, `${load('aios', '1k', 1)}.p50`, `${load(other, '1k', 1)}.p50`)
  }
  add('reconnect drain msgs/s / steady msgs/s (1 KB, 256 outstanding)', DRAIN.rate, `${load('aios', '1k', 256)}.rate`)
  return { title: 'Ratios, taken pair by pair within each round (the floor: the faster of Noise and TLS in that round)', header: ['ratio', 'median', 'min', 'max', 'rounds'], rows }
}

function figureTable (r: Results, title: string, figures: Array<[string, string]>): Table {
  return {
    title,
    header: ['figure', 'median', 'min', 'max', 'runs'],
    rows: figures.map(([label, key]) => {
      const s = r.spread(key)
      const u = r.unit(key)
      return [label, withUnit(s.median, u), withUnit(s.min, u), withUnit(s.max, u), String(s.runs)]
    })
  }
}

function convergenceTable (r: Results): Table {
  return {
    title: 'A receipt reaching every daemon of a fully known mesh (ms from issue to held by all)',
    header: ['daemons', 'p50 ms', 'p99 ms'],
    rows: MESH_SIZES.map(n => [String(n), cell(r.spread(convergence(n, 'p50')), 'ms'), cell(r.spread(convergence(n, 'p99')), 'ms')])
  }
}

function microTable (r: Results): Table {
  return {
    title: 'Stages alone: each stage\'s microbenchmark in one process (bench/micro), per item',
    header: ['stage', 'variant', 'items/s', 'CPU µs per item'],
    rows: r.micro.map(m => [m.stage, m.note === undefined ? m.variant : `${m.variant} (${m.note})`, num(m.itemsPerSec, 'msgs/s'), m.cpuUsPerItem.toFixed(1)])
  }
}

function stagesTable (r: Results): Table | undefined {
  const c = r.stages
  if (c === undefined) return undefined
  const share = (us: number, all: number): string => (all > 0 ? `${(100 * us / all).toFixed(0)} %` : '–')
  const us = (v: number): string => v.toFixed(0)
  return {
    title: `Cost per message by stage: the pair at ${c.bytes / 1024} KB × ${c.outstanding} outstanding under --cpu-prof, ${c.messages.toLocaleString('en-US')} messages (µs of main-thread time per message; blocked time such as an fsync counts)`,
    header: ['stage', 'sender µs/msg', 'sender share', 'recipient µs/msg', 'recipient share'],
    rows: [
      ...c.rows.map(x => [x.label, us(x.sender), share(x.sender, c.busy.sender), us(x.recipient), share(x.recipient, c.busy.recipient)]),
      ['all stages (idle left out)', us(c.busy.sender), '100 %', us(c.busy.recipient), '100 %'],
      ['process CPU, all threads (/proc, same run)', us(c.cpu.sender), '', us(c.cpu.recipient), '']
    ]
  }
}

function targetTable (r: Results): Table {
  return {
    title: 'Targets (each judged by its rule: the median of rounds, or the worst run where it must hold in every run)',
    header: ['target', 'rule', 'judged', 'median', 'min–max', 'status'],
    rows: evaluateAll(r).map(t => [
      t.target.label,
      t.target.rule === 'median' ? 'median of rounds' : 'worst run',
      withUnit(t.judged, t.target.unit),
      withUnit(t.measured.median, t.target.unit),
      t.measured.runs === 0 ? '–' : `${withUnit(t.measured.min, t.target.unit)} – ${withUnit(t.measured.max, t.target.unit)}`,
      t.status
    ])
  }
}

export function tables (r: Results): Table[] {
  return [
    loadTable(r),
    ratioTable(r),
    figureTable(r, 'Full lifecycle: notify → DELIVERED → read → consume → ack with evidence → COMPLETE seen at the sender (1 KB, 1 outstanding)', [
      ['lifecycles/s', `${LIFECYCLE}.rate`], ['p50', `${LIFECYCLE}.p50`], ['p99', `${LIFECYCLE}.p99`], ['p99.9', `${LIFECYCLE}.p999`]
    ]),
    figureTable(r, 'Reconnect drain: messages queued while the recipient is down, then its daemon starts', [
      ['recipient spawn → ready', DRAIN.ready], ['ready → all DELIVERED', DRAIN.afterReady], ['spawn → all DELIVERED', DRAIN.afterSpawn], ['drain rate (from ready)', DRAIN.rate]
    ]),
    convergenceTable(r),
    figureTable(r, 'Resources', [
      ['idle daemon RSS', RESOURCES.idleRss], ['RSS with 100k stored messages', RESOURCES.rss100k], ['start-up with 1M stored messages (spawn → control socket answers)', RESOURCES.startup1m]
    ]),
    ...(r.micro.length > 0 ? [microTable(r)] : []),
    ...[stagesTable(r)].filter((t): t is Table => t !== undefined),
    targetTable(r)
  ]
}

const mib = (bytes: number): string => (Number.isFinite(bytes) ? `${(bytes / 1048576).toFixed(2)} MiB` : '–')
const count = (n: number): string => n.toLocaleString('en-US')
const duration = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : ms < 120_000 ? `${(ms / 1000).toFixed(1)} s` : `${(ms / 60_000).toFixed(1)} min`)
const secs = (s: Spread): string => (s.runs === 0 ? '–' : `${cell(s, 's')} s`)

function diskTable (r: Results): Table {
  const messages = r.retention?.plan.messages
  const body = r.retention?.bodyBytes
  const first = (key: string): number => r.values(key).find(Number.isFinite) ?? NaN
  const took = (key: string): string => (Number.isFinite(first(key)) ? `, ${duration(first(key))} on the sender's home` : '')
  const row = (label: string, stage: 'live' | 'archived' | 'purged'): string[] => [
    label,
    ...RETENTION_SIDES.map(side => cell(r.spread(retentionDisk(stage, side, 'msg')), 'B')),
    ...RETENTION_SIDES.map(side => mib(first(retentionDisk(stage, side, 'file'))))
  ]
  return {
    title: `Retention: disk bytes per message over its life (${messages === undefined ? '' : `${count(messages)} messages`}${body === undefined ? '' : ` with ${body}-byte bodies`}, all final and past the horizon; the database file and its log, less an empty store's, ÷ messages)`,
    header: ['stage', 'sender B/msg', 'recipient B/msg', 'sender file', 'recipient file'],
    rows: [
      row('live: held in full', 'live'),
      row(`archived: after \`retention --run\`${took(retentionCompact('archive'))}`, 'archived'),
      row(`purged: after \`retention --archive-after 30d --purge-after 30d --run\`${took(retentionCompact('purge'))}`, 'purged'),
      ['empty store (a home with just its seat; subtracted)', '', '', ...RETENTION_SIDES.map(side => mib(first(retentionDisk('empty', side, 'file'))))]
    ]
  }
}

/** The history sizes a run measured a join over, from its series' keys. */
function joinSizes (r: Results): number[] {
  const sizes = new Set<number>()
  for (const k of r.series.keys()) {
    const m = /^retention\.join\.(\d+)\./.exec(k)
    if (m !== null) sizes.add(Number(m[1]))
  }
  return [...sizes].sort((a, b) => a - b)
}

function joinTable (r: Results): Table {
  const rows: string[][] = []
  for (const facts of joinSizes(r)) {
    for (const phase of JOIN_PHASES) {
      const caught = r.spread(retentionJoin(facts, phase, 'caughtUp'))
      const timeouts = r.values(retentionJoin(facts, phase, 'timeout')).filter(Number.isFinite)
      const parts = [...(caught.runs > 0 ? [secs(caught)] : []), ...(timeouts.length > 0 ? [`timed out: not caught up in ${(Math.max(...timeouts) / 60).toFixed(0)} min${timeouts.length > 1 ? ` (${timeouts.length} rounds)` : ''}`] : [])]
      const compact = r.values(retentionJoin(facts, 'after', 'compact')).find(Number.isFinite)
      rows.push([
        count(facts),
        phase === 'before' ? 'not compacted' : `compacted${compact === undefined ? '' : ` (A's compaction ${duration(compact)})`}`,
        parts.length > 0 ? parts.join('; ') : '–',
        secs(r.spread(retentionJoin(facts, phase, 'ready'))),
        cell(r.spread(retentionJoin(facts, phase, 'factsA')), 'n'),
        cell(r.spread(retentionJoin(facts, phase, 'factsC')), 'n'),
        String(caught.runs + timeouts.length)
      ])
    }
  }
  return {
    title: 'Retention: a new member C catching up on A\'s and B\'s logs (s from spawning C\'s daemon until its checkpoints reach both heads; median (min–max) over rounds)',
    header: ['history facts at A and B', 'A and B', 'C spawn → caught up', 'C spawn → ready', 'facts A held', 'facts C holds at the end', 'rounds'],
    rows
  }
}

/** The retention benchmark's tables (bench/retention.ts); none when it did not run. */
export function retentionTables (r: Results): Table[] {
  const measured = [...r.series.keys()].some(k => k.startsWith('retention.'))
  if (!measured) return []
  return [diskTable(r), joinTable(r)]
}

const esc = (s: string): string => s.replace(/\|/g, '\\|')

export function markdownTable (t: Table): string {
  return [
    `| ${t.header.map(esc).join(' | ')} |`,
    `| ${t.header.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...t.rows.map(row => `| ${row.map(esc).join(' | ')} |`)
  ].join('\n')
}
