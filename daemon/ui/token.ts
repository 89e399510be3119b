// The web page's token: ui.token in the home (mode 0600). Everything but the static shell needs it as
// `Authorization: Bearer <token>` — reading the state and the event stream as much as acting.
import { join } from 'node:path'
import { ensureToken } from '../observe/index.js'

export { authorize } from '../observe/index.js'

export const TOKEN_FILE = 'ui.token'

export function uiTokenPath (home: string): string {
  return join(home, TOKEN_FILE)
}

/** The token, created when the file is missing or empty. */
export function ensureUiToken (home: string): string {
  return ensureToken(uiTokenPath(home))
}
