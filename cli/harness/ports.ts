// A free loopback port for a daemon to listen on, picked before the daemon starts.
import { createServer } from 'node:net'

const FIRST_PORT = 20_000 // below the kernel's ephemeral range (32768+ on Linux), above the well-known services
const PORT_SPAN = 12_000

/**
 * A loopback port to listen on, chosen below the kernel's ephemeral range, so outgoing connections of other
 * daemons cannot take it between this check and the daemon's bind.
 */
export async function freePort (): Promise<number> {
  for (;;) {
    const port = FIRST_PORT + Math.floor(Math.random() * PORT_SPAN)
    const server = createServer()
    const ok = await new Promise<boolean>(resolve => {
      server.once('error', () => resolve(false))
      server.listen(port, '127.0.0.1', () => resolve(true))
    })
    if (ok) {
      await new Promise(resolve => server.close(resolve))
      return port
    }
  }
}
