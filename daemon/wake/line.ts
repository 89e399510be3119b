// The wake line: a pointer to the newest obligation and how many wait — never a message body.
import { obligationId } from '../messaging/ids.js'

/** `aios-comm: 2 new for agent-amai (ob_…): run \`aios-comm inbox\`` (DESIGN.md §8), after the carrier's prefix. */
export function wakeLine (handle: string, count: number, newest: Uint8Array, prefix = ''): string {
  return `${prefix}aios-comm: ${count} new for ${handle} (${obligationId(newest)}): run \`aios-comm inbox\``
}
