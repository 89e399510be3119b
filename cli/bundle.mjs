// The last step of `npm run build`: bundles the command line tsc built (dist/cli/run.js and everything it imports,
// the daemon included) into dist/cli/main.js, with each module loaded on first use (`await import(...)`: the web
// page, metrics, TLS and Noise, MCP, each command) split into its own file under dist/cli/chunks/, loaded as before
// only when it is first used. Node then resolves, reads and compiles about 50 files at a daemon's start instead of about
// 800 modules (docs/DECISIONS.md "The command line and the daemon run from one bundle"). better-sqlite3 stays
// outside: it loads its native addon from its own folder. dist/cli/bundle-meta.json says which modules each output
// file holds (the tests that check what an idle daemon loads read it).
// `node cli/bundle.mjs [ROOT]` bundles ROOT/dist (default: this package); bundle(root) does the same for a copy (the
// tests' mutants patch a built module, then bundle again).
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildSync } from 'esbuild'

export const BUNDLE_META = 'bundle-meta.json'

/** Bundles ROOT/dist/cli/run.js into ROOT/dist/cli/main.js and its chunks; returns esbuild's metafile. */
export function bundle (root) {
  const cli = join(root, 'dist', 'cli')
  rmSync(join(cli, 'chunks'), { recursive: true, force: true })
  const result = buildSync({
    absWorkingDir: root,
    entryPoints: { main: join(cli, 'run.js') },
    outdir: cli,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    external: ['better-sqlite3'],
    // CommonJS packages inside an ES module bundle call require() for Node's own modules
    banner: { js: "import { createRequire as __aiosCreateRequire } from 'node:module'; const require = __aiosCreateRequire(import.meta.url);" },
    minifyWhitespace: true, // names stay: stack traces and profiles still name each function
    metafile: true,
    logLevel: 'warning'
  })
  writeFileSync(join(cli, BUNDLE_META), JSON.stringify(result.metafile))
  return result.metafile
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  bundle(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)))
}
