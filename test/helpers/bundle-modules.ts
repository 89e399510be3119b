// What a process of the built CLI loaded, module by module: the CLI runs from a bundle (dist/cli/main.js and the
// chunks it loads; cli/bundle.mjs), so each bundle file a module hook saw stands for the modules it holds, as the
// bundle's metafile (dist/cli/bundle-meta.json) lists them. Every other URL stands for itself.
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BUNDLE_META } from '../../cli/bundle.mjs'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

interface Meta { outputs: Record<string, { inputs: Record<string, unknown> }> }

/** Absolute paths (or the URLs as given, for what is not a file of the bundle) of the modules behind `urls`. */
export function modulesOf (urls: string[]): string[] {
  const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'cli', BUNDLE_META), 'utf8')) as Meta
  return urls.flatMap(url => {
    if (!url.startsWith('file:')) return [url]
    const path = fileURLToPath(url)
    const output = meta.outputs[relative(ROOT, path)]
    return output === undefined ? [path] : Object.keys(output.inputs).map(input => join(ROOT, input))
  })
}
