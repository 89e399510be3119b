// A daemon whose wall clock a test can shift (helpers/clock-shift.mjs loaded before it): the environment to start it
// with, and a function that sets the shift and waits until the daemon holds it.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { waitFor, type MeshNodeHandle } from './mesh.js'

const HOOK = fileURLToPath(new URL('./clock-shift.mjs', import.meta.url))

export interface ShiftableClock {
  /** What to start the node's daemon with. */
  env: NodeJS.ProcessEnv
  /** Sets the daemon's wall clock `ms` ahead of the machine's (negative: behind) and waits until it holds. */
  shift: (ms: number) => Promise<void>
}

export function shiftableClock (n: MeshNodeHandle): ShiftableClock {
  const file = join(n.home, 'clock-shift')
  writeFileSync(file, '0')
  return {
    env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${HOOK}`, AIOS_CLOCK_SHIFT_FILE: file },
    shift: async ms => {
      rmSync(`${file}.ack`, { force: true })
      writeFileSync(file, String(ms))
      n.daemon.child?.kill('SIGUSR2')
      await waitFor('the shift to hold', () => existsSync(`${file}.ack`) ? readFileSync(`${file}.ack`, 'utf8') : '', v => v === String(ms))
    }
  }
}
