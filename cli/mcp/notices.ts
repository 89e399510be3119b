// What an MCP client hears unasked, from the seat's watch stream: logging notices (a new message; an obligation the
// seat sent reaching COMPLETE, REJECTED or CANCELED; a message to it withdrawn; the stream lost and back) and
// resources/updated for the subscribed URIs an event touches. No polling: every notice follows an event of the daemon.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js'
import { call } from '../control-client.js'
import { INBOX_URI, journeyUri, messageUri, type ResourceSubscriptions } from './resources.js'
import { KNOWN_OBLIGATIONS, watchSeat, type SeatEvent, type SeatWatchOptions } from './seat-watch.js'

export const LOGGER = 'aios-comm'
/** States after which an obligation changes no more: its sender is told, and it leaves the open inbox. */
export const FINAL_STATES: ReadonlySet<string> = new Set(['COMPLETE', 'AUDITED', 'REJECTED', 'CANCELED'])
const PREVIEW_CHARS = 60 // as the inbox's preview: enough to tell messages apart in a client's log

function preview (body: string): string {
  const text = body.replace(/\s+/g, ' ')
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 3)}...` : text
}

/**
 * Starts the notices once the client is initialized; returns a stop function. `subs`: the client's resource
 * subscriptions (absent: resources/subscribe is not offered, only logging notices are sent).
 */
export function startNotices (server: Server, o: SeatWatchOptions, subs?: ResourceSubscriptions): () => void {
  const announced = new Set<string>() // inbox obligations this server told of, so a catch-up does not repeat them
  let known: Set<string> | undefined // the open inbox when the stream last (re)opened; undefined: never seen

  const notice = async (level: LoggingLevel, data: Record<string, unknown>): Promise<void> => {
    await server.sendLoggingMessage({ level, logger: LOGGER, data })
  }
  const updated = async (uri: string): Promise<void> => {
    if (subs?.has(uri) === true) await server.sendResourceUpdated({ uri })
  }
  const listChanged = async (): Promise<void> => {
    if (subs !== undefined) await server.sendResourceListChanged()
  }
  const announce = async (m: { obligation: string, from: string, to: string, state: string, preview?: string, thread?: string }): Promise<void> => {
    if (announced.has(m.obligation)) return
    announced.add(m.obligation)
    if (announced.size > KNOWN_OBLIGATIONS) announced.delete(announced.values().next().value as string)
    const text = `new message ${m.obligation} from ${m.from}${m.preview !== undefined ? `: ${m.preview}` : ''}`
    await notice('notice', { event: 'message', ...m, text })
  }

  /** A message that just arrived: its preview is read without a receipt. */
  const delivered = async (e: Extract<SeatEvent, { kind: 'delivered' }>): Promise<void> => {
    const m = await call(o.home, 'message', { as: o.as ?? e.to, obligation: e.obligation }, o.access).catch(() => undefined)
    await announce({ obligation: e.obligation, from: e.from, to: e.to, state: 'DELIVERED', preview: m === undefined ? undefined : preview(m.body), thread: m?.thread })
    await updated(INBOX_URI)
    await listChanged() // the inbox lists one more message resource
  }

  /**
   * An obligation is final: its sender hears what the recipient said (sentence and evidence, or reason), or that it
   * was canceled; its recipient hears that the sender withdrew it (it may be at work on it).
   */
  const outcome = async (e: Extract<SeatEvent, { kind: 'receipt' }>): Promise<void> => {
    const v = await call(o.home, 'status', { obligation: e.obligation }, o.access).catch(() => undefined)
    const r = v?.receipts.filter(x => x.state === e.state).sort((a, b) => Number(b.verified) - Number(a.verified) || b.at.localeCompare(a.at))[0]
    const to = v?.to
    if (!e.sent) {
      const from = v?.from ?? e.actor
      await notice('warning', { event: 'withdrawn', obligation: e.obligation, from, state: e.state, reason: r?.note, verified: r?.verified, text: `${from} canceled ${e.obligation}${r?.note !== undefined ? `: ${r.note}` : ''}; do not work on it any more` })
      return
    }
    const data: Record<string, unknown> = { event: 'obligation', obligation: e.obligation, to, state: e.state, by: e.actor }
    let text: string
    if (e.state === 'COMPLETE') {
      data.sentence = r?.note
      data.evidence = r?.evidence
      const ev = r?.evidence === undefined ? '' : ` (evidence ${r.evidence.path}, sha256 ${r.evidence.sha256.slice(0, 12)}…, ${r.evidence.check})`
      text = `${to ?? e.actor} completed ${e.obligation}: ${r?.note ?? '(no sentence held here)'}${ev}`
    } else if (e.state === 'AUDITED') {
      // the auditor's verdict: PASS ends the obligation, FAIL reopens it for the recipient
      const v = verdictOf(r)
      data.verdict = v
      data.sentence = r?.note
      text = `${e.actor} ${v === 'PASS' ? 'passed' : 'failed'} the COMPLETE of ${e.obligation}${to !== undefined ? ` by ${to}` : ''}: ${r?.note ?? ''}${v === 'FAIL' ? ' (reopened for the recipient)' : ''}`
    } else {
      data.reason = r?.note
      const verb = e.state === 'REJECTED' ? 'rejected' : 'canceled'
      text = `${e.actor} ${verb} ${e.obligation}${to !== undefined && e.state !== 'REJECTED' ? ` to ${to}` : ''}${r?.note !== undefined ? `: ${r.note}` : ''}`
    }
    data.verified = r?.verified
    data.text = text
    await notice(e.state === 'REJECTED' ? 'warning' : 'notice', data)
  }

  const onEvent = async (e: SeatEvent): Promise<void> => {
    switch (e.kind) {
      case 'watching': {
        await notice('info', { event: 'watching', seat: e.seat, reopened: e.reopened, text: `watching the daemon for ${e.seat}'s messages and receipts` })
        // mail delivered while no stream was open (before the first one, or while the daemon restarted) is announced
        // from the inbox; the first view ever (the daemon was down at start) is the baseline, as if already read
        const inbox = await call(o.home, 'inbox', { as: o.as ?? e.seat }, o.access).catch(() => undefined)
        if (known !== undefined) for (const i of inbox ?? []) if (!known.has(i.obligation)) await announce(i)
        if (inbox !== undefined) known = new Set(inbox.map(i => i.obligation))
        if (e.reopened) {
          for (const uri of subs?.all() ?? []) await server.sendResourceUpdated({ uri }) // each may have changed meanwhile
          await listChanged()
        }
        return
      }
      case 'lost':
        await notice('warning', { event: 'watch-lost', code: e.code, message: e.message, retryInMs: e.retryInMs, text: `lost the daemon's watch stream (${e.code}); trying again` })
        return
      case 'delivered':
        await delivered(e)
        return
      case 'receipt':
        await updated(messageUri(e.obligation))
        await updated(journeyUri(e.obligation))
        if (e.received) {
          await updated(INBOX_URI)
          if (FINAL_STATES.has(e.state)) await listChanged() // it leaves the open inbox, and its resource the list
        }
        if ((e.sent && FINAL_STATES.has(e.state)) || (e.received && e.state === 'CANCELED')) await outcome(e)
    }
  }

  // the inbox as it is before the stream opens: what waits already is not announced, what comes after is
  let stopped = false
  let stop = (): void => {}
  void call(o.home, 'inbox', { as: o.as }, o.access).then(items => { known = new Set(items.map(i => i.obligation)) }, () => {}).finally(() => {
    if (!stopped) stop = watchSeat(o, onEvent)
  })
  return () => {
    stopped = true
    stop()
  }
}

/** The verdict an AUDITED receipt view states. */
function verdictOf (r: { verdict?: string } | undefined): string {
  return r?.verdict ?? 'unknown'
}
