// `aios-comm watch --json` as a child process: collects its event lines; resolves started once it is subscribed.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { onTestFinished } from 'vitest'
import { CLI } from './cli.js'
import { waitFor } from './mesh.js'

export class Watcher {
  readonly events: any[] = []
  stdout = ''
  stderr = ''
  private child?: ChildProcess

  constructor (readonly home: string, readonly args: string[] = []) {}

  async start (): Promise<void> {
    const child = this.child = spawn(process.execPath, [CLI, '--home', this.home, 'watch', '--json', ...this.args], { stdio: ['ignore', 'pipe', 'pipe'] })
    onTestFinished(async () => { await this.stop() })
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      this.stdout += d
      const lines = this.stdout.split('\n')
      this.stdout = lines.pop() ?? ''
      for (const l of lines) this.events.push(JSON.parse(l))
    })
    child.stderr!.setEncoding('utf8').on('data', (d: string) => { this.stderr += d })
    await waitFor('watch subscribed', () => this.stderr, s => s.includes('watching') || child.exitCode !== null, 15_000)
  }

  async stop (): Promise<void> {
    const child = this.child
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    await exited
  }
}
