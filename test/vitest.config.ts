// vitest settings: tests live in test/, mirror the source folders, and run real daemons, SQLite and tmux.
import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

// Files that look at their own process's heap (a heap snapshot): each runs in a process of its own, where the heap is
// only what it made, not what the files before it left.
const OWN_PROCESS = ['test/daemon/control/notify-holds.test.ts']
// the long runs of the chaos suites: `npm run test:chaos` only (test/chaos/vitest.config.ts)
const EXCLUDE = ['**/node_modules/**', 'test/**/*.full.test.ts']

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    exclude: EXCLUDE,
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
          exclude: [...EXCLUDE, ...OWN_PROCESS],
          // A worker runs its files one after another on one module graph: each file evaluated libp2p, SQLite's
          // binding and the daemon's modules again (about 0.8 s of import a file). Every file stops the daemons and
          // nodes it starts; a timer it leaves behind fires while a later file runs, and an error it throws then
          // fails the run. See docs/DECISIONS.md "A worker's files share their modules".
          isolate: false
        }
      },
      { extends: true, test: { name: 'own process', include: OWN_PROCESS, isolate: true } }
    ]
  }
})
