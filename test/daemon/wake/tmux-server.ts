// A private tmux server for tests: its own socket in a temp folder, no user config, panes that run a small
// reader (echo off; each line it gets is printed as `GOT <line>`), killed when the test finishes.
import { execFile } from 'node:child_process'
import { chmodSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { onTestFinished } from 'vitest'
import { tempDir } from '../../helpers/cli.js'
import { waitFor } from '../../helpers/mesh.js'

const reader = (echo: boolean): string => `#!/bin/sh
${echo ? '' : 'stty -echo\n'}echo READY
while IFS= read -r line; do printf 'GOT %s\\n' "$line"; done
`

export class TmuxServer {
  readonly socket: string

  private constructor (readonly dir: string) {
    this.socket = join(dir, 'tmux.sock')
    for (const echo of [false, true]) {
      const file = this.readerPath(echo)
      writeFileSync(file, reader(echo))
      chmodSync(file, 0o755)
    }
  }

  /** The server with one session whose first window only keeps it alive, so killing a test pane keeps the server. */
  static async start (): Promise<TmuxServer> {
    const server = new TmuxServer(tempDir('aios-tmux-'))
    onTestFinished(async () => { await server.tmux(['kill-server']).catch(() => {}) })
    await server.tmux(['new-session', '-d', '-s', 's0', '-x', '220', '-y', '50', 'cat'])
    return server
  }

  private readerPath (echo: boolean): string {
    return join(this.dir, echo ? 'reader-echo.sh' : 'reader.sh')
  }

  async tmux (args: string[]): Promise<string> {
    return await new Promise((resolve, reject) => {
      execFile('tmux', ['-S', this.socket, '-f', '/dev/null', ...args], (err, stdout, stderr) => {
        if (err !== null) reject(new Error(`tmux ${args.join(' ')}: ${stderr}`))
        else resolve(stdout)
      })
    })
  }

  /** A new pane (a window of its own) running the reader, ready to read; `echo` keeps the terminal's echo on. */
  async newPane (opts: { echo?: boolean } = {}): Promise<string> {
    const out = await this.tmux(['new-window', '-d', '-t', 's0', '-P', '-F', '#{pane_id}', this.readerPath(opts.echo === true)])
    const pane = out.trim()
    await waitFor(`pane ${pane} ready`, async () => await this.screen(pane), s => s.includes('READY'), 10_000)
    return pane
  }

  async screen (pane: string): Promise<string> {
    return await this.tmux(['capture-pane', '-p', '-J', '-t', pane])
  }

  /** The lines the pane's reader received (with Enter), in order. */
  async received (pane: string): Promise<string[]> {
    return (await this.screen(pane)).split('\n').filter(l => l.startsWith('GOT ')).map(l => l.slice(4))
  }

  async inMode (pane: string): Promise<boolean> {
    return (await this.tmux(['display-message', '-p', '-t', pane, '#{pane_in_mode}'])).trim() === '1'
  }
}
