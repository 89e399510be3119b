// A home whose daemon runs the A2A bridge (sending as gateway), shared by the tests of one file: started in beforeAll,
// closed in afterAll. Tests sharing it keep apart by seat, or by counting only what they made themselves.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { actorAdd } from '../../daemon/index.js'
import { buildMesh, withCtx } from '../../cli/harness/index.js'
import { DaemonProcess } from './mesh.js'

export interface BridgedHome {
  home: string
  /** The bridge's base URL. */
  base: string
  daemon: DaemonProcess
  /** Kills the daemon and removes the home. */
  close: () => Promise<void>
}

/**
 * Seat agent-a, the sender gateway and the extra seats given (with extra seats there is no root card: clients use
 * `${base}/a2a/<seat>`); the daemon started with `--a2a-port 0 --a2a-as gateway` and the extra args.
 */
export async function startBridgedHome (opts: { args?: string[], seats?: string[] } = {}): Promise<BridgedHome> {
  const dir = mkdtempSync(join(tmpdir(), 'aios-a2a-'))
  const [h] = await buildMesh({ seats: [{ name: 'a', handle: 'agent-a' }], home: () => dir })
  await withCtx(h.home, async ctx => {
    for (const seat of ['gateway', ...(opts.seats ?? [])]) await actorAdd(ctx, seat)
  })
  const daemon = new DaemonProcess(h.home, {}, ['--a2a-port', '0', '--a2a-as', 'gateway', ...(opts.args ?? [])])
  const close = async (): Promise<void> => {
    await daemon.kill()
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    await daemon.start()
  } catch (err) {
    await close()
    throw err
  }
  return { home: h.home, base: daemon.ready.a2a, daemon, close }
}
