// vitest settings: tests live in test/, mirror the source folders, and run real daemons, SQLite and tmux.
import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

// Files that look at their own process's heap (a heap snapshot): each runs in a process of its own, where the heap is
// only what it made, not what the files before it left.
const OWN_PROCESS = ['test/daemon/control/notify-holds.test.ts']

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    // the long runs of the chaos suites: `npm run test:chaos` only (test/chaos/vitest.config.ts)
    exclude: ['**/node_modules/**', 'test/**/*.full.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time even on two cores (vitest's default here is one): most of a file's time is waiting on real
    // daemons, CLI processes, fsync and reconnects, not CPU. Ports are claimed across processes (cli/harness/ports.ts).
    maxWorkers: 2,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'test/**/*.full.test.ts', ...OWN_PROCESS],
          // A worker runs its files one after another on one module graph: each file evaluated libp2p, SQLite's
          // binding and the daemon's modules again (about 0.8 s of import a file). Every file cleans up what it
          // starts, so nothing crosses from one file to the next. See docs/DECISIONS.md "A worker's files share
          // their modules".
          isolate: false
        }
      },
      { extends: true, test: { name: 'own process', include: OWN_PROCESS, isolate: true } }
    ]
  }
})
