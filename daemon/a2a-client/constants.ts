// Limits of the A2A client: what an outside agent may make this daemon read, wait for and hold.

/** An agent card: a name, skills and a few interfaces fit in a few KiB; 64 KiB leaves room and bounds a hostile one. */
export const MAX_CARD_BYTES = 64 * 1024
/** One answer (a task with its artifacts): it is read into memory and its artifacts kept as evidence. */
export const MAX_ANSWER_BYTES = 1024 * 1024
/** A JWK Set named by a card's jku: a few keys. */
export const MAX_JWKS_BYTES = 16 * 1024
/** Fetching the card (and its key set): an agent that cannot serve its card in this time is not answering. */
export const CARD_TIMEOUT_MS = 10_000
/** How long a blocking send waits for a terminal task by default: A2A 1.0 sends block unless told otherwise. */
export const DEFAULT_WAIT_MS = 30_000
/** The longest wait a caller may ask for: a control call should not hold an HTTP request open for longer. */
export const MAX_WAIT_MS = 10 * 60_000
/** Sends waiting for an answer at once: each holds a socket and up to MAX_ANSWER_BYTES. */
export const MAX_IN_FLIGHT = 8
/** The code every witness receipt carries: the seat, not the remote agent, signed it, as a witness of its answer. */
export const WITNESS_CODE = 'A2A_WITNESS'
/** Recipients of A2A obligations: never a mesh handle, since a colon is not allowed in one. */
export const RECIPIENT_PREFIX = 'a2a:'
/** The recipient fits in a receipt's actor field (MAX_HANDLE_BYTES = 63). */
export const MAX_RECIPIENT_NAME = 59
/** A card's name as recorded and shown: a hostile card's name may fill its whole size. */
export const MAX_CARD_NAME = 200
/** What of a remote error's text is shown: an agent's error page may be long, and it is the agent's text, not ours. */
export const MAX_ERROR_TEXT = 300
/** The protocol bindings this client speaks, as a card names them. */
export const BINDINGS = ['JSONRPC', 'HTTP+JSON'] as const
/** An agent that answers a blocking send before its task ends is asked for the task again this often, until --wait. */
export const GET_TASK_EVERY_MS = 500
