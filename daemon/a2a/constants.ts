// The bridge's fixed names and limits.
export const MESH_EXTENSION_URI = 'urn:aios-comm:a2a:mesh:v1' // task metadata key carrying the obligation's receipts
export const JSONRPC_BINDING = 'JSONRPC' // the A2A protocolBinding names the SDK's transports answer to
export const REST_BINDING = 'HTTP+JSON'
export const PROTOCOL_VERSION = '1.0' // what the bridge speaks natively
export const LEGACY_PROTOCOL_VERSION = '0.3' // what the SDK's compatibility layer translates (a request without A2A-Version is 0.3)
export const REST_SUFFIX = '/rest' // the REST binding of a seat lives under its JSON-RPC URL
export const MAX_RPC_BYTES = 1 << 20 // a SendMessage body is at most 512 KiB of text; JSON framing fits in this
export const WELL_KNOWN = '/.well-known/agent-card.json'
export const TOKEN_FILE = 'a2a.token' // in the home, mode 0600; required as a Bearer token with --a2a-token
export const TOKEN_SCHEME = 'bridgeToken' // the card's securitySchemes key for that token

// A blocking SendMessage waits this long for COMPLETE, REJECTED, CANCELED or a failed delivery, then answers with
// the task as it stands: long enough for a seat that is awake to answer, short enough for an HTTP client's timeout.
export const DEFAULT_WAIT_MS = 30_000
// A stream (SendStreamingMessage, SubscribeToTask) ends at a final state or after this long; the client subscribes
// again to go on. Bounds what one forgotten connection holds.
export const DEFAULT_STREAM_MS = 10 * 60_000
// Streams (SendStreamingMessage, SubscribeToTask) open at once on one bridge, all seats together; one more is refused
// (A2A_TOO_MANY_STREAMS). Each holds a connection and a listener on the observation bus until its client leaves or
// the task ends: a client needs a few, so this bounds what a local process can pile up while leaving room for many.
export const MAX_STREAMS = 64
// Evidence content up to this size travels inside the artifact; larger evidence is named by its sha256 only (the
// mesh carries at most this much beside a receipt anyway).
export const INLINE_EVIDENCE_BYTES = 64 * 1024

/** The A2A 1.0 methods the bridge serves (the token's requirement lists them). */
export const SERVED_METHODS = ['SendMessage', 'SendStreamingMessage', 'GetTask', 'ListTasks', 'CancelTask', 'SubscribeToTask'] as const
