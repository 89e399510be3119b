// Two daemons in separate processes, a sender and a recipient, each with a persistent control connection.
import { ControlConnection } from '../control.js'
import type { DaemonProcess } from '../../cli/harness/index.js'
import { makeMesh, startDaemon, type BenchHome } from '../mesh.js'

export class Pair {
  private constructor (
    readonly sender: BenchHome,
    readonly recipient: BenchHome,
    readonly daemons: [DaemonProcess, DaemonProcess],
    public a: ControlConnection,
    public b: ControlConnection,
    private readonly cli?: string
  ) {}

  /** `cli`: the CLI entry both daemons run (default: the built one, dist/cli/main.js). */
  static async start (root: string, cli?: string): Promise<Pair> {
    const [s, r] = await makeMesh(root, ['sender', 'recipient'])
    const daemons: [DaemonProcess, DaemonProcess] = [await startDaemon(s.home, cli), await startDaemon(r.home, cli)]
    return new Pair(s, r, daemons, await ControlConnection.open(s.home), await ControlConnection.open(r.home), cli)
  }

  async stopRecipient (): Promise<void> {
    this.b.close()
    await this.daemons[1].stop()
  }

  /** Spawns the recipient's daemon again; resolves at its ready line with the spawn and ready times. */
  async startRecipient (): Promise<DaemonProcess> {
    const d = this.daemons[1] = await startDaemon(this.recipient.home, this.cli)
    this.b = await ControlConnection.open(this.recipient.home)
    return d
  }

  async stop (): Promise<void> {
    this.a.close()
    this.b.close()
    for (const d of this.daemons) await d.stop()
  }
}
