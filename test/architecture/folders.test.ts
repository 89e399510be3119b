// Folder dependencies under daemon/ run one way: no two folders import each other, and closed folders are reached only by their index.ts.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const DAEMON = fileURLToPath(new URL('../../daemon/', import.meta.url))

// Folders whose index.ts is their whole public face: another folder (or a file at daemon/'s top) importing any
// other file in them is reported. The face is what lets a folder move its files without touching its users.
const CLOSED_FACES = ['control', 'delivery', 'directory', 'net', 'sync']

// Every relative specifier: `import … from`, `import type … from`, `export … from`, side-effect and dynamic imports.
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'(\.{1,2}\/[^']+)'/g

interface Edge { from: string, to: string, file: string, target: string }

function tsFiles (dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) return tsFiles(p)
    return p.endsWith('.ts') ? [p] : []
  })
}

/** The folder right under daemon/ holding this file; '' for a file at daemon/'s top (the composition root). */
function folderOf (file: string): string {
  const parts = relative(DAEMON, file).split(sep)
  return parts.length === 1 ? '' : parts[0]
}

function edges (): Edge[] {
  const out: Edge[] = []
  for (const file of tsFiles(DAEMON)) {
    const source = readFileSync(file, 'utf8')
    for (const m of source.matchAll(SPECIFIER)) {
      const target = resolve(dirname(file), m[1]).replace(/\.js$/, '.ts')
      if (!target.startsWith(DAEMON)) continue
      const from = folderOf(file)
      const to = folderOf(target)
      if (from !== to) out.push({ from, to, file: relative(DAEMON, file), target: relative(DAEMON, target) })
    }
  }
  return out
}

describe('daemon/ folders', () => {
  const all = edges()

  it('no two folders import each other (type imports count)', () => {
    const seen = new Set(all.filter(e => e.from !== '' && e.to !== '').map(e => `${e.from}>${e.to}`))
    const pairs = [...seen]
      .map(k => k.split('>'))
      .filter(([a, b]) => a < b && seen.has(`${b}>${a}`))
      .map(([a, b]) => {
        const why = all.filter(e => (e.from === a && e.to === b) || (e.from === b && e.to === a)).map(e => `${e.file} → ${e.target}`)
        return `${a} ⇄ ${b}: ${why.join(', ')}`
      })
    expect(pairs).toEqual([])
  })

  it('closed folders are imported only through their index.ts', () => {
    const deep = all
      .filter(e => CLOSED_FACES.includes(e.to) && e.target !== join(e.to, 'index.ts'))
      .map(e => `${e.file} → ${e.target}`)
    expect(deep).toEqual([])
  })
})
