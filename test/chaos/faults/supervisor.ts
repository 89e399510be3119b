// Watches every daemon a chaos test runs: each exit is either a fault the test injected (SIGKILL by the test or
// by a crash point, SIGTERM with exit 0) or a crash, which the run reports and fails on.
import type { DaemonProcess } from '../../helpers/mesh.js'
import type { History } from '../history/index.js'

export interface Crash {
  home: string
  code: number | null
  signal: NodeJS.Signals | null
  stderr: string
}

export class Supervisor {
  readonly crashes: Crash[] = []
  private readonly expected = new WeakMap<DaemonProcess, 'kill' | 'stop' | 'crash-point'>()

  constructor (private readonly history: History) {}

  /** Starts (or restarts) a daemon and watches its exit; a crash point armed here is an expected SIGKILL. */
  async start (d: DaemonProcess, env: NodeJS.ProcessEnv = {}): Promise<void> {
    const armed = env.AIOS_COMM_CRASH_AT !== undefined
    this.expected.delete(d)
    if (armed) this.expected.set(d, 'crash-point')
    try {
      await d.start(env)
    } catch (err) {
      // A crash point can fire while the daemon is still starting (a peer delivers at once): that is the fault.
      if (armed && d.child?.signalCode === 'SIGKILL') return
      throw err
    } finally {
      this.watch(d)
    }
  }

  private watch (d: DaemonProcess): void {
    const child = d.child
    if (child === undefined) return
    // a child started with a crash point may reach it while it stops (a SIGTERM flushes its outbox): also the fault
    const armed = this.expected.get(d) === 'crash-point'
    const judge = (code: number | null, signal: NodeJS.Signals | null): void => {
      const why = this.expected.get(d)
      const injected = (signal === 'SIGKILL' && (why === 'kill' || why === 'crash-point' || (why === 'stop' && armed))) || (why === 'stop' && code === 0)
      if (injected) return
      this.crashes.push({ home: d.home, code, signal, stderr: d.stderr.slice(-2000) })
      this.history.fault('crash', d.home, `exit ${String(code)} signal ${String(signal)} expected ${String(why)}`)
    }
    if (child.exitCode !== null || child.signalCode !== null) judge(child.exitCode, child.signalCode)
    else child.once('exit', judge)
  }

  async kill (d: DaemonProcess): Promise<void> {
    this.expected.set(d, 'kill')
    await d.kill() // SIGKILL ends a paused (SIGSTOPped) process too
  }

  /** SIGTERM; a clean stop must exit 0 (anything else is a crash). */
  async stop (d: DaemonProcess): Promise<void> {
    this.expected.set(d, 'stop')
    await d.stop()
  }

  pause (d: DaemonProcess): void {
    d.child?.kill('SIGSTOP')
  }

  resume (d: DaemonProcess): void {
    d.child?.kill('SIGCONT')
  }
}
