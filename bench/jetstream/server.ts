// NATS JetStream for comparison: Debian's nats-server (installed with apt-get when missing), started with -js on
// loopback, a free port and a temporary store directory.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { connect as tcpConnect } from 'node:net'
import { freePort } from '../../cli/harness/index.js'
import { stop } from '../procs.js'

const CANDIDATES = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server']

function found (): string | undefined {
  const which = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' })
  if (which.status === 0 && which.stdout.trim() !== '') return which.stdout.trim()
  return CANDIDATES.find(p => existsSync(p))
}

/** The nats-server binary, installed with apt-get when missing; throws with the reason when it cannot be had. */
export function ensureNatsServer (): string {
  const have = found()
  if (have !== undefined) return have
  const r = spawnSync('apt-get', ['install', '-y', '-o', 'DPkg::Lock::Timeout=120', 'nats-server'], { encoding: 'utf8', timeout: 300_000 })
  const path = found()
  if (path !== undefined) return path
  const why = r.error !== undefined ? r.error.message : (r.stderr ?? '').trim().split('\n').pop() ?? `apt-get exited ${String(r.status)}`
  throw new Error(`nats-server is not installed and \`apt-get install -y nats-server\` failed: ${why}`)
}

export function natsServerVersion (bin: string): string {
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8' })
  return (r.stdout ?? '').trim() || 'nats-server (version unknown)'
}

async function accepts (port: number): Promise<boolean> {
  return await new Promise(resolve => {
    const s = tcpConnect(port, '127.0.0.1')
    s.once('connect', () => { s.destroy(); resolve(true) })
    s.once('error', () => resolve(false))
  })
}

export class NatsServer {
  private constructor (private readonly child: ChildProcess, readonly port: number) {}

  static async start (bin: string, storeDir: string): Promise<NatsServer> {
    const port = await freePort()
    const child = spawn(bin, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], { stdio: ['ignore', 'ignore', 'pipe'] })
    let err = ''
    child.stderr!.setEncoding('utf8').on('data', (d: string) => { err = (err + d).slice(-4000) })
    const deadline = Date.now() + 15_000
    while (!await accepts(port)) {
      if (child.exitCode !== null) throw new Error(`nats-server exited ${String(child.exitCode)}: ${err.trim().split('\n').pop() ?? ''}`)
      if (Date.now() > deadline) {
        await stop(child)
        throw new Error('nats-server did not accept connections within 15 s')
      }
      await new Promise(resolve => setTimeout(resolve, 50))
    }
    return new NatsServer(child, port)
  }

  async stop (): Promise<void> {
    await stop(this.child)
  }
}
