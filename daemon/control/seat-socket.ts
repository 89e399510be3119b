// The seat socket: for isolated seats that run as other Unix users or in containers, which cannot open the 0600
// control socket. Open (mode 0666, or 0660 for a configured group) while at least one isolated seat is hosted.
// Every request carries a valid seat token, acts only as that token's seat, and calls only seat methods.
import { MeshError } from '../../cards/index.js'
import { seatOfToken } from '../access/index.js'
import type { Logger } from '../runtime/log.js'
import type { SeatTokenStore } from '../store/index.js'
import { ControlServer, type Admit, type Route, type StreamRoute } from './server.js'

/** What a seat may do: its own messages and the public cards; no setup, no mesh, no node-wide views. */
export const SEAT_METHODS: ReadonlySet<string> = new Set(['notify', 'inbox', 'read', 'consume', 'ack', 'reject', 'audit', 'status', 'wait', 'watch', 'where', 'card.show',
  // CANCELED: the sender withdraws an obligation (its own: cancel acts only as the token's seat)
  'cancel',
  // MCP resources: one message shown without a receipt
  'message',
  // a seat's own views and its reply (the MCP tools whoami, thread, outbox and reply)
  'whoami', 'thread', 'sent', 'reply',
  // capabilities: which seats state a skill (cards only, as where)
  'find'
])

export const SEAT_SOCKET_MODE = 0o666 // any local user may connect: the token, not the file mode, is the check
export const SEAT_SOCKET_GROUP_MODE = 0o660

export function seatAdmit (tokens: SeatTokenStore): Admit {
  return req => {
    if (req.seatToken === undefined || req.seatToken === '') {
      throw new MeshError('SEAT_TOKEN_REQUIRED', 'every request on the seat socket carries seatToken: the content of the seat\'s token file')
    }
    const seat = seatOfToken(tokens, req.seatToken)
    if (seat === undefined) throw new MeshError('SEAT_TOKEN_INVALID', 'the seat token matches no isolated seat hosted here')
    if (!SEAT_METHODS.has(req.method)) throw new MeshError('SEAT_METHOD_FORBIDDEN', `${req.method} is not served on the seat socket; it serves ${[...SEAT_METHODS].join(', ')}`)
    return { via: 'seat', seat }
  }
}

export interface SeatSocketOptions {
  path: string
  group?: number
  routes: Record<string, Route>
  streams: Record<string, StreamRoute>
  tokens: SeatTokenStore
  log: Logger
}

/** Opens or closes the seat socket to match the isolated seats hosted; one change at a time. */
export class SeatSocket {
  private server?: ControlServer
  private queue: Promise<void> = Promise.resolve()
  private stopped = false

  constructor (private readonly o: SeatSocketOptions) {}

  get listening (): string | undefined {
    return this.server === undefined ? undefined : this.o.path
  }

  /** Call after seats or tokens may have changed. A failure to open is logged; the control socket keeps serving. */
  async sync (): Promise<void> {
    this.queue = this.queue.then(async () => await this.apply()).catch(err => {
      this.o.log.error('seat socket failed', { path: this.o.path, error: (err as Error).message })
    })
    await this.queue
  }

  async stop (): Promise<void> {
    this.stopped = true
    await this.sync()
  }

  private async apply (): Promise<void> {
    const wanted = !this.stopped && this.o.tokens.hosted().length > 0
    if (wanted && this.server === undefined) {
      const server = new ControlServer(this.o.path, this.o.routes, this.o.log, {
        streams: this.o.streams,
        admit: seatAdmit(this.o.tokens),
        mode: this.o.group === undefined ? SEAT_SOCKET_MODE : SEAT_SOCKET_GROUP_MODE,
        group: this.o.group
      })
      await server.start()
      this.server = server
      this.o.log.info('seat socket open', { path: this.o.path })
    } else if (!wanted && this.server !== undefined) {
      const server = this.server
      this.server = undefined
      await server.stop()
    }
  }
}
