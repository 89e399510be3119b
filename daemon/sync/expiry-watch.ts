// Endorsements run out on the clock, not on an event: the directory is reloaded the moment the next one expires
// (so the gate cuts that peer off then, and status says why), and renewals held for this node's seats are installed.
import type { Core } from '../core.js'
import { installRenewals } from '../setup/renewal.js'
import { errorText } from '../runtime/errors.js'

const MAX_WAIT_MS = 6 * 3_600_000 // Node fires a timer longer than 2^31 ms at once; a reload every 6 h costs nothing

export class ExpiryWatch {
  private timer?: NodeJS.Timeout
  private installing = false
  private again = false
  private readonly onChange = (): void => { this.schedule(); void this.install() }
  private readonly onClock = (): void => { this.schedule() } // the timer waits on the monotonic clock: set it again

  constructor (private readonly core: Core) {}

  start (): void {
    this.core.events.on('directory:changed', this.onChange)
    this.core.events.on('clock:jumped', this.onClock)
    this.onChange()
  }

  stop (): void {
    this.core.events.off('directory:changed', this.onChange)
    this.core.events.off('clock:jumped', this.onClock)
    clearTimeout(this.timer)
  }

  private schedule (): void {
    clearTimeout(this.timer)
    const next = this.core.directory.nextExpiryMs()
    if (next === undefined) return
    const wait = Math.min(MAX_WAIT_MS, Math.max(0, next - Date.now()) + 1) // + 1: expired means expiresAt <= now
    this.timer = setTimeout(() => {
      const n = this.core.directory.nextExpiryMs()
      if (n !== undefined && n <= Date.now()) this.core.log.warn('an endorsement expired; its peer is cut off until the mesh owner renews it', { at: new Date(n).toISOString() })
      this.core.directoryChanged()
    }, wait)
    this.timer.unref()
  }

  /** Installs renewals for hosted seats (one pass at a time; a change during a pass asks for another). */
  private async install (): Promise<void> {
    if (this.installing) {
      this.again = true
      return
    }
    this.installing = true
    try {
      do {
        this.again = false
        const installed = await installRenewals(this.core.ctx)
        if (installed.length > 0) {
          this.core.log.info('renewed endorsement installed; card re-signed', { seats: installed })
          this.core.directoryChanged()
        }
      } while (this.again)
    } catch (err) {
      this.core.log.error('installing a renewal failed', { error: errorText(err) })
    } finally {
      this.installing = false
    }
  }
}
