// Whether a daemon answers on a home's control socket: what the CLI and a starting daemon ask before anything else.
import { existsSync } from 'node:fs'
import { createConnection } from 'node:net'

/** Is a daemon answering on this socket? */
export async function socketIsLive (path: string): Promise<boolean> {
  if (!existsSync(path)) return false
  return await new Promise(resolve => {
    const s = createConnection(path)
    s.once('connect', () => { s.destroy(); resolve(true) })
    s.once('error', () => resolve(false))
  })
}
