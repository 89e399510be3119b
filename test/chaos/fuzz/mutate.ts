// Mutations of valid bytes and JSON: bit flips, byte changes, truncations, extensions, insertions, deletions,
// duplicated and swapped ranges — each an arbitrary, so fast-check can shrink a failing one.
import fc from 'fast-check'

type Op =
  | { op: 'flip', at: number, bit: number }
  | { op: 'set', at: number, value: number }
  | { op: 'truncate', at: number }
  | { op: 'extend', bytes: Uint8Array }
  | { op: 'insert', at: number, bytes: Uint8Array }
  | { op: 'delete', at: number, len: number }
  | { op: 'duplicate', at: number, len: number }
  | { op: 'swap', at: number, to: number, len: number }

const at = fc.nat({ max: 1 << 20 })
const some = fc.uint8Array({ minLength: 1, maxLength: 24 })
const len = fc.integer({ min: 1, max: 64 })

export const byteOp: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('flip' as const), at, bit: fc.nat({ max: 7 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('set' as const), at, value: fc.nat({ max: 255 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('truncate' as const), at }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('extend' as const), bytes: some }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('insert' as const), at, bytes: some }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), at, len }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('duplicate' as const), at, len }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('swap' as const), at, to: at, len }) }
)

function apply (input: Uint8Array, o: Op): Uint8Array {
  const b = new Uint8Array(input) // a copy: Buffer#slice would share memory and mutate the sample itself
  const n = b.byteLength
  const i = n === 0 ? 0 : o.op === 'extend' ? 0 : (o as { at: number }).at % n
  switch (o.op) {
    case 'flip': { if (n === 0) return b; b[i] ^= 1 << o.bit; return b }
    case 'set': { if (n === 0) return b; b[i] = o.value; return b }
    case 'truncate': return b.slice(0, i)
    case 'extend': return Buffer.concat([b, o.bytes])
    case 'insert': return Buffer.concat([b.subarray(0, i), o.bytes, b.subarray(i)])
    case 'delete': return Buffer.concat([b.subarray(0, i), b.subarray(i + o.len)])
    case 'duplicate': return Buffer.concat([b.subarray(0, i + o.len), b.subarray(i, i + o.len), b.subarray(i + o.len)])
    case 'swap': {
      if (n === 0) return b
      const j = o.to % n
      const l = Math.min(o.len, n - Math.max(i, j))
      const c = new Uint8Array(b)
      c.set(b.subarray(j, j + l), i)
      c.set(b.subarray(i, i + l), j)
      return c
    }
  }
}

/** 1–4 byte mutations of one of the given valid samples; plain Uint8Array out, whatever went in. */
export function mutated (samples: readonly Uint8Array[]): fc.Arbitrary<Uint8Array> {
  return fc.tuple(fc.nat({ max: samples.length - 1 }), fc.array(byteOp, { minLength: 1, maxLength: 4 }))
    .map(([k, ops]) => new Uint8Array(ops.reduce(apply, samples[k])))
}

/** Generated junk (mostly short) and mutations of valid samples, in about equal parts. */
export function bytesFor (samples: readonly Uint8Array[]): fc.Arbitrary<Uint8Array> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 256 }) },
    { weight: 3, arbitrary: mutated(samples) }
  )
}

// Values that probe a JSON reader: defaults A2A drops, wrong types, extremes, short strings.
const jsonValue = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 2 ** 53, 1e308, '', 'x', '\u0000', [], {}, [[]], { a: {} }),
  fc.string({ maxLength: 12 }),
  fc.integer()
)

/** JSON-level mutations of an object: a field dropped, replaced by any JSON value, or two fields' values swapped. */
export function mutatedJson (samples: readonly object[]): fc.Arbitrary<string> {
  const edit = fc.record({ kind: fc.constantFrom('drop', 'replace', 'swap', 'add'), a: fc.nat(), b: fc.nat(), value: jsonValue })
  return fc.tuple(fc.nat({ max: samples.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 3 })).map(([k, edits]) => {
    const doc = structuredClone(samples[k]) as Record<string, unknown>
    for (const e of edits) editAt(doc, e)
    return JSON.stringify(doc)
  })
}

/** Every (container, key) pair in a JSON document, depth first. */
function slots (doc: unknown, out: Array<[Record<string, unknown>, string]> = []): Array<[Record<string, unknown>, string]> {
  if (doc !== null && typeof doc === 'object') {
    for (const [k, v] of Object.entries(doc)) {
      out.push([doc as Record<string, unknown>, k])
      slots(v, out)
    }
  }
  return out
}

function editAt (doc: Record<string, unknown>, e: { kind: string, a: number, b: number, value: unknown }): void {
  const all = slots(doc)
  if (all.length === 0) return
  const [c, k] = all[e.a % all.length]
  if (e.kind === 'drop') delete c[k]
  else if (e.kind === 'replace') c[k] = structuredClone(e.value) // constants are shared instances
  else if (e.kind === 'add') c[`x${e.b % 7}`] = structuredClone(e.value)
  else {
    const [c2, k2] = all[e.b % all.length]
    const t = c[k]
    c[k] = c2[k2]
    c2[k2] = t
    try {
      JSON.stringify(doc)
    } catch { // a value swapped into itself: undo
      c2[k2] = c[k]
      c[k] = t
    }
  }
}
