// A control call that carries an idempotency key, retried when the connection to the daemon breaks before the answer:
// the daemon may have acted, and the key makes a repeat return what the first attempt did instead of acting twice.
import { MeshError } from '../cards/errors.js'
import { call, type CallOptions } from './control-client.js'
import type { Method, ParamsOf, ResultOf } from '../daemon/control/methods.js'

// Long enough for a daemon that crashed to come back under its service manager (systemd restarts it after 2 s,
// launchd within its 5 s throttle) and start (about a second); short enough for a person to wait out.
export const RETRY_WINDOW_MS = 15_000
const FIRST_DELAY_MS = 100 // a daemon that only dropped the connection answers the repeat at once
const MAX_DELAY_MS = 2000
// After a lost connection these mean "not back yet", not "never there": the daemon is restarting.
const RESTARTING = new Set(['DAEMON_CONNECTION_LOST', 'DAEMON_NOT_RUNNING', 'DAEMON_UNREACHABLE'])

export async function callKeyed<M extends Method> (home: string, method: M, params: ParamsOf<M>, key: string, o: CallOptions = {}): Promise<ResultOf<M>> {
  const deadline = Date.now() + RETRY_WINDOW_MS
  let lost = false
  for (let delay = FIRST_DELAY_MS; ; delay = Math.min(delay * 2, MAX_DELAY_MS)) {
    try {
      return await call(home, method, params, o)
    } catch (err) {
      if (!(err instanceof MeshError)) throw err
      lost ||= err.code === 'DAEMON_CONNECTION_LOST'
      if (!lost || !RESTARTING.has(err.code)) throw err // an answer, or no daemon before anything was sent
      if (Date.now() + delay > deadline) {
        throw new MeshError('DAEMON_CONNECTION_LOST', `the connection to the daemon broke before it answered and it did not answer again within ${RETRY_WINDOW_MS / 1000} s; the request may have been carried out: repeat it with --idempotency-key ${key} to find out without doing it twice`, { cause: err })
      }
      await new Promise(resolve => setTimeout(resolve, delay))
    }
  }
}
