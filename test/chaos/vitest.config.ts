// vitest settings for `npm run test:chaos`: every chaos suite (faults, fuzzing, adversarial) at full strength.
import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    // *.full.test.ts: cases only this run takes (npm test leaves them out); the relay test and its kill case too
    // and the liveness cases bound by the ping interval and the identify sweep (10–15 s each), and the card puts of a
    // 12-node mesh, which wait out the minute between connect puts
    include: ['test/chaos/**/*.test.ts', 'test/daemon/net/relay.test.ts', 'test/daemon/net/relay-kill.full.test.ts', 'test/daemon/net/liveness.full.test.ts', 'test/daemon/sync/identify.full.test.ts', 'test/daemon/sync/dht-placement.full.test.ts'],
    testTimeout: 900_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time even on two cores: the suites mostly wait on real daemons (fsync, backoff, reconnects).
    maxWorkers: 2
  }
})
