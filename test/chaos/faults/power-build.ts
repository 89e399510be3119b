// A broken build for the power-loss suite's proof that it can fail: a copy of dist/ whose store runs with
// synchronous=OFF (no fsync at all), made by rewriting the built code; the product has no such switch.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '') // the package root (or dist/.. when built)
const FROM = 'synchronous = FULL'
const TO = 'synchronous = OFF'

export interface MutatedBuild {
  /** the copy's CLI entry (dist/cli/main.js) */
  cli: string
  /** how many times the built code said synchronous = FULL (each one is now OFF) */
  replaced: number
  dispose: () => void
}

/** Copies dist/ to a temp package (its other folders linked back) and turns every synchronous = FULL into OFF. */
export function mutatedBuild (): MutatedBuild {
  const pkg = packageRoot()
  const dir = mkdtempSync(join(tmpdir(), 'aios-power-syncoff-'))
  cpSync(join(pkg, 'dist'), join(dir, 'dist'), { recursive: true })
  for (const name of readdirSync(pkg)) {
    if (name === 'dist' || name.startsWith('.')) continue
    symlinkSync(join(pkg, name), join(dir, name)) // package.json (the root's marker), node_modules, daemon/store/sql, …
  }
  let replaced = 0
  const store = join(dir, 'dist', 'daemon', 'store')
  for (const file of readdirSync(store)) {
    if (!file.endsWith('.js')) continue
    const text = readFileSync(join(store, file), 'utf8')
    const n = text.split(FROM).length - 1
    if (n === 0) continue
    writeFileSync(join(store, file), text.split(FROM).join(TO))
    replaced += n
  }
  return { cli: join(dir, 'dist', 'cli', 'main.js'), replaced, dispose: () => rmSync(dir, { recursive: true, force: true }) }
}

/** The folder holding package.json and dist/, whether this file runs from source (vitest) or from dist/. */
function packageRoot (): string {
  for (const candidate of [ROOT, join(ROOT, '..')]) {
    try {
      if (JSON.parse(readFileSync(join(candidate, 'package.json'), 'utf8')).name === 'aios-comm') return candidate
    } catch {}
  }
  throw new Error(`aios-comm package root not found from ${ROOT}`)
}
