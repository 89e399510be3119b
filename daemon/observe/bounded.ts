// A line writer with a bounded buffer: when the reader falls too far behind, it gets one final coded line and is
// dropped. Writes never wait, so a slow reader can never hold up the daemon.
import type { Writable } from 'node:stream'
import { MAX_SUBSCRIBER_BUFFER_BYTES, SLOW_READER_GRACE_MS } from './constants.js'

export class BoundedWriter {
  private dropped = false

  constructor (
    private readonly out: Writable,
    private readonly finalLine: () => string,
    private readonly onDrop: () => void,
    private readonly maxBytes = MAX_SUBSCRIBER_BUFFER_BYTES
  ) {}

  get closed (): boolean {
    return this.dropped || this.out.destroyed || this.out.writableEnded
  }

  /** Queues one chunk; false when the reader was dropped (now or before). */
  write (chunk: string): boolean {
    if (this.closed) return false
    if (this.out.writableLength + chunk.length > this.maxBytes) {
      this.drop()
      return false
    }
    this.out.write(chunk)
    return true
  }

  private drop (): void {
    this.dropped = true
    this.onDrop()
    this.out.end(this.finalLine())
    setTimeout(() => this.out.destroy(), SLOW_READER_GRACE_MS).unref()
  }
}
