// Finds the installed package's root folder, from source (tests) and from dist/ (the built CLI) alike.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

let root: string | undefined

export function packageRoot (): string {
  if (root !== undefined) return root
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'aios-comm') return (root = dir)
    const up = dirname(dir)
    if (up === dir) throw new Error('aios-comm package root not found')
    dir = up
  }
}

export function packageVersion (): string {
  return JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).version
}
