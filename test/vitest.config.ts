// vitest settings: tests live in test/, mirror the source folders, and run real daemons, SQLite and tmux.
import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    // the long runs of the chaos suites: `npm run test:chaos` only (test/chaos/vitest.config.ts)
    exclude: ['**/node_modules/**', 'test/**/*.full.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs its files one after another on one module graph: each file evaluated libp2p, SQLite's binding and
    // the daemon's modules again (about 0.8 s of import a file). Every file cleans up what it starts, so nothing
    // crosses from one file to the next. See docs/DECISIONS.md "A worker's files share their modules".
    isolate: false,
    // Two files at a time even on two cores (vitest's default here is one): most of a file's time is waiting on real
    // daemons, CLI processes, fsync and reconnects, not CPU. Ports are claimed across processes (cli/harness/ports.ts).
    maxWorkers: 2,
    reporters: process.env.CI !== undefined ? ['default'] : ['default']
  }
})
