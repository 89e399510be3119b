// Exit statuses by error code: scripts can tell a usage error from a refusal from a daemon that is down. Each code's
// status is written beside it in the table of codes.
import { exitStatusOf } from '../cards/codes.js'

export { EXIT } from '../cards/codes.js'

export function exitCodeFor (code: string): number {
  return exitStatusOf(code)
}
