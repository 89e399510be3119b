// Our refusals as the SDK's A2A error classes: the spec's code (and HTTP status on REST) from the class, our
// UPPER_SNAKE code first in the message and in the ErrorInfo detail's metadata (`error.data[0].metadata.code`).
import { A2AError, ContentTypeNotSupportedError, RequestMalformedError, TaskNotCancelableError, TaskNotFoundError, UnsupportedOperationError } from '@a2a-js/sdk/errors'
import { MeshError, type ErrorCode } from '../../cards/index.js'

type ErrorClass = new (options?: { message?: string, metadata?: Record<string, string> }) => A2AError

const CLASS_OF: Partial<Record<ErrorCode, ErrorClass>> = {
  OBLIGATION_UNKNOWN: TaskNotFoundError,
  OBLIGATION_INVALID: TaskNotFoundError,
  MESSAGE_TOO_LARGE: RequestMalformedError,
  FIELD_TOO_LARGE: RequestMalformedError,
  IDEMPOTENCY_KEY_REUSED: RequestMalformedError,
  IDEMPOTENCY_KEY_INVALID: RequestMalformedError,
  BAD_REQUEST: RequestMalformedError,
  PARSE_ERROR: RequestMalformedError,
  A2A_NO_TEXT: ContentTypeNotSupportedError,
  A2A_UNSUPPORTED: UnsupportedOperationError,
  A2A_FILTER_UNSUPPORTED: UnsupportedOperationError,
  ALREADY_FINAL: TaskNotCancelableError,
  OBLIGATION_NOT_SENDER: TaskNotCancelableError
}

/** An A2A error of the class our code maps to; a code with no A2A meaning is the spec's internal error. */
export function a2aError (code: ErrorCode, message: string): A2AError {
  const Class = CLASS_OF[code] ?? A2AError
  return new Class({ message: `${code}: ${message}`, metadata: { code } })
}

/** Any error on the way to the SDK: ours mapped, the SDK's own passed through, anything else internal. */
export function toA2AError (err: unknown): A2AError {
  if (err instanceof A2AError) return err
  if (err instanceof MeshError) return a2aError(err.code, err.message)
  return a2aError('INTERNAL', err instanceof Error ? err.message : String(err))
}
