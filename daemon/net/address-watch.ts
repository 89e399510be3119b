// Watches what this node's cards should state: every ADDRESS_CHECK_MS, after a wake from sleep and when libp2p's
// own addresses change, it works the honest addresses out again (and has public ones dialed back); a change is told.
import type { Multiaddr } from '@multiformats/multiaddr'
import type { MeshNode } from './node.js'
import { honestAddresses, ipKind, multiaddrIp } from '../addresses/index.js'
import type { DialBack } from './dialback.js'

// Reading the interfaces is cheap (one getifaddrs), and a laptop that moved should be reachable again within seconds
export const ADDRESS_CHECK_MS = 10_000
// Timers do not run while a machine sleeps: a check this late means it slept, and its network may be another one now
const WAKE_LATE_MS = 3 * ADDRESS_CHECK_MS

export interface AddressWatchOptions {
  announce: string[]
  announceOnly: boolean
  /** The addresses to state changed (and are `addresses`). Awaited before the next check. */
  onChange: (addresses: string[]) => Promise<void> | void
  onWake?: (lateMs: number) => void
  onError?: (err: unknown) => void
}

// boundary: libp2p's Libp2p interface hides its components; the transport manager's own addresses are public in the class
interface WithTransports { components: { transportManager: { getAddrs: () => Multiaddr[] } } }

export class AddressWatch {
  private timer?: NodeJS.Timeout
  private dueAtMs = 0
  private last = ''
  private checking?: Promise<void>
  private confirming?: Promise<void>
  private stopped = false
  private readonly onSelfUpdate = (): void => { void this.check() }

  constructor (private readonly node: MeshNode, private readonly dialBack: DialBack, private readonly o: AddressWatchOptions) {}

  /** What the listeners are bound to (wildcards expanded to the interfaces as they are now), relay addresses included. */
  bound (): string[] {
    const own = this.node.peerId.toString()
    const transports = (this.node as unknown as WithTransports).components.transportManager.getAddrs().map(a => a.toString())
    const relayed = this.node.getMultiaddrs().map(a => a.toString()).filter(a => a.includes('/p2p-circuit'))
      .map(a => a.endsWith(`/p2p/${own}`) ? a.slice(0, -`/p2p/${own}`.length) : a)
    return [...new Set([...transports, ...relayed])]
  }

  /** The addresses cards and invites state now, best first. */
  addresses (): string[] {
    return honestAddresses({ bound: this.bound(), confirmed: this.dialBack.confirmedPublic(), announce: this.o.announce, announceOnly: this.o.announceOnly })
  }

  start (): void {
    this.last = this.addresses().join(' ')
    this.node.addEventListener('self:peer:update', this.onSelfUpdate)
    this.schedule()
  }

  stop (): void {
    this.stopped = true
    clearTimeout(this.timer)
    this.node.removeEventListener('self:peer:update', this.onSelfUpdate)
  }

  /** Works the addresses out again (one check at a time); tells when they changed. */
  async check (): Promise<void> {
    this.checking ??= this.run().finally(() => { this.checking = undefined })
    await this.checking
  }

  private schedule (): void {
    if (this.stopped) return
    this.dueAtMs = Date.now() + ADDRESS_CHECK_MS
    this.timer = setTimeout(() => {
      const late = Date.now() - this.dueAtMs
      if (late > WAKE_LATE_MS) {
        this.dialBack.forget() // what peers saw and confirmed was about the network before the sleep
        this.o.onWake?.(late)
      }
      void this.check().finally(() => { this.schedule() })
    }, ADDRESS_CHECK_MS)
    this.timer.unref()
  }

  private async run (): Promise<void> {
    // dial-backs take seconds each: they run beside the checks, and one that changes what is confirmed checks again
    if (!this.o.announceOnly && this.confirming === undefined) {
      this.confirming = this.dialBack.check(this.bound())
        .then(changed => { if (changed && !this.stopped) void this.check() }, err => { this.o.onError?.(err) })
        .finally(() => { this.confirming = undefined })
    }
    try {
      const now = this.addresses()
      if (this.stopped || now.join(' ') === this.last) return
      // every interface down (a laptop between networks): loopback is all that is left; the cards keep what they
      // stated until an address comes back, instead of telling the mesh to look for this node on its own host
      if (now.every(a => ipKind(multiaddrIp(a) ?? '') === 'loopback') && this.last.split(' ').some(a => ipKind(multiaddrIp(a) ?? '') !== 'loopback')) return
      this.last = now.join(' ')
      await this.o.onChange(now)
    } catch (err) {
      this.o.onError?.(err)
    }
  }
}
