// The A2A SDK reports through console (a refused request, a late status update, a card signature that does not
// verify): while the daemon serves a bridge request or makes an A2A client call, those lines go to its structured log
// at debug level, so that stdout carries only the ready line and stderr stays one JSON object per line.
import { AsyncLocalStorage } from 'node:async_hooks'
import { format } from 'node:util'
import type { Logger } from './log.js'

const serving = new AsyncLocalStorage<Logger>()
const METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const
let installed = false

/** Runs fn (and everything it starts) with the SDK's console lines going to log. */
export function withSdkLog<T> (log: Logger, fn: () => T): T {
  if (!installed) {
    installed = true
    for (const m of METHODS) {
      const original = console[m].bind(console)
      console[m] = (...args: unknown[]) => {
        const log = serving.getStore()
        if (log === undefined) { original(...args); return }
        log.debug('a2a sdk', { console: m, text: format(...args).split('\n')[0] }) // the first line: no stack traces
      }
    }
  }
  return serving.run(log, fn)
}
