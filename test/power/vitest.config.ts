// vitest settings for `npm run test:power`: the power-loss suite at full strength, one file at a time.
import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/power/**/*.test.ts'],
    testTimeout: 900_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1 // the suite measures fsync behaviour: no other suite competes for the disk meanwhile
  }
})
