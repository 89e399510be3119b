// Publishing to JetStream as the comparison does it: a file-storage stream, every message with a message id
// (Nats-Msg-Id, for de-duplication) and awaited until its PubAck.
import { connect, StorageType, type JetStreamClient, type NatsConnection } from 'nats'
import { closedLoop } from '../load.js'
import type { RunResult } from '../results.js'

const STREAM = 'BENCH'

export class JetStreamPublisher {
  private runs = 0
  private constructor (private readonly nc: NatsConnection, private readonly js: JetStreamClient) {}

  static async open (port: number): Promise<JetStreamPublisher> {
    const nc = await connect({ servers: `127.0.0.1:${port}` })
    const jsm = await nc.jetstreamManager()
    await jsm.streams.add({ name: STREAM, subjects: ['bench.>'], storage: StorageType.File })
    return new JetStreamPublisher(nc, nc.jetstream())
  }

  async run (bytes: number, total: number, outstanding: number): Promise<RunResult> {
    const body = new Uint8Array(bytes).fill(120)
    const run = ++this.runs
    return await closedLoop(total, outstanding, async i => {
      const ack = await this.js.publish('bench.msgs', body, { msgID: `r${run}-${i}` })
      if (ack.duplicate) throw new Error(`JetStream took message r${run}-${i} for a duplicate`)
    })
  }

  async close (): Promise<void> {
    await this.nc.drain()
  }
}
