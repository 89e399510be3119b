// Type-level checks of the control API's table (methods.ts), run by `tsc -p test/types` (part of npm test).
import type { Handler, RouteTable, StreamHandler } from '../../daemon/control/methods.js'
import { str } from '../../daemon/control/params.js'
import { call, subscribe } from '../../cli/control-client.js'
import { callKeyed } from '../../cli/keyed-call.js'

export const good: Handler<'retry'> = p => ({ obligation: str(p, 'obligation'), retried: 1 })

// @ts-expect-error a route that answers other than its declared result does not compile
export const badResult: Handler<'retry'> = p => ({ obligation: str(p, 'obligation') })

// @ts-expect-error nor one that reads a param its method does not declare
export const badParam: Handler<'retry'> = p => ({ obligation: str(p, 'handle'), retried: 1 })

// @ts-expect-error nor a route table that leaves a method out
export const partial: RouteTable = { retry: good }

// @ts-expect-error a stream sends only its declared events
export const badStream: StreamHandler<'watch'> = (_p, send) => { send({ seq: 'one' }); return () => {} }

export async function client (): Promise<void> {
  const r = await call('/home', 'retry', { obligation: 'ob_x' })
  const retried: number = r.retried
  void retried

  // @ts-expect-error a result field has its declared type
  const wrong: string = r.retried
  void wrong

  // @ts-expect-error params are checked: obligation is required
  await call('/home', 'retry', {})

  // @ts-expect-error and a method outside the table does not compile
  await call('/home', 'no.such.method', {})

  // @ts-expect-error a keyed call is checked the same way
  await callKeyed('/home', 'notify', { text: 'no recipient' }, 'key')

  await subscribe('/home', 'watch', { types: ['sent'] }, e => { const seq: number = e.seq; void seq })

  // @ts-expect-error a subscription's params are checked too
  await subscribe('/home', 'watch', { types: 'sent' }, () => {})
}
