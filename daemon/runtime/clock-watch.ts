// The wall clock against the monotonic one. Node's timers run on the monotonic clock, which stands still while the
// machine sleeps and does not follow a step of the wall clock (NTP, a hand change, a VM resumed); what is timed to a
// moment on the wall clock (a lease's end, an endorsement's expiry, an outbox row's next attempt) would fire hours
// late after a laptop slept, or wait out a step back. This watch looks every CLOCK_CHECK_MS and tells when the two
// parted by more than CLOCK_JUMP_MS since the last look: forward for a sleep or a step ahead, back for a step back.
export const CLOCK_CHECK_MS = 5_000
export const CLOCK_JUMP_MS = 2_000 // NTP's slew moves the wall clock at most 0.5 ms a second: far below this in one look

export class ClockWatch {
  private timer?: NodeJS.Timeout
  private offset = ClockWatch.offset()

  constructor (private readonly onJump: (deltaMs: number) => void, private readonly checkMs = CLOCK_CHECK_MS) {}

  /** The wall clock's lead over the monotonic one: constant while neither sleeps nor steps. */
  private static offset (): number {
    return Date.now() - performance.now()
  }

  start (): void {
    this.offset = ClockWatch.offset()
    this.timer = setInterval(() => { this.check() }, this.checkMs)
    this.timer.unref()
  }

  stop (): void {
    clearInterval(this.timer)
  }

  /** Compares the clocks now; tells a jump at once. */
  check (): void {
    const now = ClockWatch.offset()
    const delta = now - this.offset
    this.offset = now
    if (Math.abs(delta) > CLOCK_JUMP_MS) this.onJump(delta)
  }
}
