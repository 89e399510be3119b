// The card puts a daemon logs ("cards put in the DHT", at debug level): when, why, and at how many peers the record
// was stored. A watcher follows one daemon process; a restarted daemon needs a new one.
import type { DaemonProcess } from './mesh.js'

export interface CardPut {
  at: number // performance.now() when the line was read
  cause: string
  stored: number | null
}

export class PutWatch {
  readonly puts: CardPut[] = []
  private rest = ''

  constructor (daemon: DaemonProcess) {
    daemon.child?.stderr?.on('data', (chunk: string) => {
      const lines = (this.rest + chunk).split('\n')
      this.rest = lines.pop() ?? ''
      for (const line of lines) {
        if (!line.includes('"cards put in the DHT"')) continue
        const o = JSON.parse(line)
        this.puts.push({ at: performance.now(), cause: o.cause, stored: o.stored })
      }
    })
  }

  /** Puts read after `since` (performance.now()). */
  after (since: number): CardPut[] {
    return this.puts.filter(p => p.at > since)
  }
}
