// Loaded into a daemon with NODE_OPTIONS=--import=…: its wall clock (Date.now) runs the milliseconds written in
// $AIOS_CLOCK_SHIFT_FILE ahead of the machine's, read again on SIGUSR2, which is answered by writing the shift now in
// force to the same path + '.ack'. Node's timers and performance.now() run on as before, so a shift ahead is what a
// machine that slept that long looks like to the process, and a shift back is a wall clock set back.
import { readFileSync, writeFileSync } from 'node:fs'

const file = process.env.AIOS_CLOCK_SHIFT_FILE
const real = Date.now.bind(Date)
let shift = 0
const read = () => { shift = Number(readFileSync(file, 'utf8').trim()) || 0 }
if (file !== undefined) {
  read()
  Date.now = () => real() + shift
  process.on('SIGUSR2', () => {
    read()
    writeFileSync(`${file}.ack`, String(shift))
  })
}
