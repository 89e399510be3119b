// A free loopback port for a daemon to listen on, picked before the daemon starts.
import { createServer } from 'node:net'
import { mkdirSync, openSync, closeSync, statSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const FIRST_PORT = 20_000 // below the kernel's ephemeral range (32768+ on Linux), above the well-known services
const PORT_SPAN = 12_000
// A port handed out stays its daemon's for this long, across processes: a daemon that is killed and restarted
// must find its port free again, though other test processes pick ports while it is down.
const HELD_MS = 60 * 60_000
const CLAIMS = join(tmpdir(), 'aios-ports')

/** Claims a port for this machine's test processes; false when another claimed it within HELD_MS. */
function claim (port: number): boolean {
  const file = join(CLAIMS, String(port))
  try {
    closeSync(openSync(file, 'wx'))
    return true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    if (Date.now() - statSync(file).mtimeMs < HELD_MS) return false
    const now = new Date()
    utimesSync(file, now, now) // an old claim: its daemon is long gone (two processes may both take it; the bind below decides)
    return true
  }
}

/**
 * A loopback port to listen on, chosen below the kernel's ephemeral range, so outgoing connections of other
 * daemons cannot take it between this check and the daemon's bind, and claimed in a folder every test process
 * shares, so no other process picks it while its daemon is down between a kill and a restart.
 */
export async function freePort (): Promise<number> {
  mkdirSync(CLAIMS, { recursive: true })
  for (;;) {
    const port = FIRST_PORT + Math.floor(Math.random() * PORT_SPAN)
    if (!claim(port)) continue
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
