// The bridge's fixed names and limits.
export const MESH_EXTENSION_URI = 'urn:aios-comm:a2a:mesh:v1' // task metadata key carrying the obligation's receipts
export const JSONRPC_BINDING = 'JSONRPC' // the A2A 1.0 protocolBinding name the SDK client selects
export const MAX_RPC_BYTES = 1 << 20 // a SendMessage body is at most 512 KiB of text; JSON framing fits in this
export const WELL_KNOWN = '/.well-known/agent-card.json'
export const TOKEN_FILE = 'a2a.token' // in the home, mode 0600; required as a Bearer token with --a2a-token
export const TOKEN_SCHEME = 'bridgeToken' // the card's securitySchemes key for that token

/** A2A 1.0 JSON-RPC error codes (the SDK maps them to its error classes). */
export const RPC = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  taskNotFound: -32001,
  unsupportedOperation: -32004,
  contentTypeNotSupported: -32005
} as const
