// The floor from the bench's side: one serving process per bench and encrypter, one sending process per run.
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { runJson, stop } from '../procs.js'
import type { RunResult } from '../results.js'
import type { Encrypter } from './transport.js'

const PEER = fileURLToPath(new URL('./peer.js', import.meta.url))

export class Floor {
  private constructor (private readonly server: ChildProcess, readonly addr: string, readonly encrypter: Encrypter) {}

  static async start (encrypter: Encrypter): Promise<Floor> {
    const server = spawn(process.execPath, [PEER, 'serve', encrypter], { stdio: ['ignore', 'pipe', 'inherit'] })
    const addr = await new Promise<string>((resolve, reject) => {
      let out = ''
      server.stdout!.setEncoding('utf8').on('data', (d: string) => {
        out += d
        if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]).addr)
      })
      server.once('exit', code => reject(new Error(`the floor server exited ${String(code)}`)))
    })
    return new Floor(server, addr, encrypter)
  }

  async run (bytes: number, total: number, outstanding: number): Promise<RunResult> {
    return await runJson<RunResult>(PEER, ['send', this.encrypter, this.addr, String(bytes), String(total), String(outstanding)])
  }

  async stop (): Promise<void> {
    await stop(this.server)
  }
}
