// Type-level checks of the closed set of error codes, run by `tsc -p test/types` (part of npm test).
import { MeshError, refuse, wireError, type CodeInfo, type ErrorCode, type Refusal } from '../../cards/index.js'

export const known = new MeshError('CARD_EXPIRED', 'a code of the set compiles')
export const refused: Refusal = refuse('HANDLE_CONFLICT', 'so does a refusal with one')

// @ts-expect-error a code outside the set does not compile
export const unknown = new MeshError('NO_SUCH_CODE', 'x')

// @ts-expect-error nor does a refusal with one
export const unknownRefusal = refuse('NO_SUCH_CODE', 'x')

// @ts-expect-error a string from elsewhere is not a code until it is checked (wireError)
export const loose = (s: string): MeshError => new MeshError(s, 'x')
export const checked = (s: string): MeshError => wireError(s, 'x', 'DAEMON_PROTOCOL')

// @ts-expect-error a code's entry has an exit status and a fix
export const noFix: CodeInfo = { exit: 'refused' }

// @ts-expect-error and its exit status is one of the statuses
export const badExit: CodeInfo = { exit: 'maybe', fix: 'x' }

// @ts-expect-error ErrorCode is a union of literals, not string
export const wide: ErrorCode = 'x' as string
