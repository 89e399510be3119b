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
    reporters: process.env.CI !== undefined ? ['default'] : ['default']
  }
})
