// A mutated copy of the built daemon: dist/ copied into a temp package root (everything else linked) with one built
// file patched and the command line bundled again from the patched modules (cli/bundle.mjs: dist/cli/main.js is the
// bundle the daemon runs from), so a chaos check can show that it fails when the property it guards is broken.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { onTestFinished } from 'vitest'
import { bundle } from '../../../cli/bundle.mjs'

const REPO = fileURLToPath(new URL('../../..', import.meta.url))

export interface Patch {
  /** A built file, relative to dist/. */
  file: string
  from: string
  to: string
}

/** Builds the mutant and returns its CLI entry; throws when a patch's text is not found exactly once (a build that
 * changed shape must not silently test the real daemon under the mutant's name). */
export function mutantBuild (name: string, patches: Patch[]): string {
  const root = mkdtempSync(join(tmpdir(), `aios-mutant-${name}-`))
  onTestFinished(() => { rmSync(root, { recursive: true, force: true }) })
  for (const entry of readdirSync(REPO)) {
    if (entry !== 'dist' && entry !== '.git') symlinkSync(join(REPO, entry), join(root, entry))
  }
  cpSync(join(REPO, 'dist'), join(root, 'dist'), { recursive: true })
  for (const p of patches) {
    const path = join(root, 'dist', p.file)
    const text = readFileSync(path, 'utf8')
    if (text.split(p.from).length !== 2) throw new Error(`mutant ${name}: ${JSON.stringify(p.from)} is not in ${p.file} exactly once`)
    writeFileSync(path, text.replace(p.from, p.to))
    if (!readFileSync(path, 'utf8').includes(p.to)) throw new Error(`mutant ${name}: the patch of ${p.file} did not apply`)
  }
  const meta = bundle(root) as { inputs: Record<string, unknown> }
  for (const p of patches) {
    // the patched module must be one the bundle holds (one it does not would leave the real daemon under the mutant's name)
    if (meta.inputs[`dist/${p.file}`] === undefined) throw new Error(`mutant ${name}: ${p.file} is not in the bundle`)
  }
  return join(root, 'dist', 'cli', 'main.js')
}
