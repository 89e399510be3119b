// Protocol ids, network timings and the frame limit.
export const MAX_FRAME_BYTES = 1 << 20 // one frame on a stream: a batch, or one large message; bigger goes by file
export const DELIVER_PROTOCOL = '/aios-comm/deliver/1'
// The connection monitor pings every connection this often and drops one whose ping fails (after at least 5 s), so
// a frozen peer is noticed within ~15 s. Each ping opens a stream: at 2 s an idle daemon with 29 peers spent ~12 % of a
// core on pings alone (docs/DECISIONS.md "Liveness"); a killed peer is still noticed at once by its closed socket.
export const PING_INTERVAL_MS = 10_000
export const DIAL_TIMEOUT_MS = 5000 // opening a protocol stream once the dialer (dialer.ts) has a connection
export const KEEP_PEERS_MS = 15_000 // known peers without a connection are dialed again this often
export const REQUEST_TIMEOUT_MS = 30_000 // one deliver batch, answered after the recipient's fsync
export const INBOUND_CONNECTIONS_PER_SECOND = 100 // per IP; the libp2p default of 5 trips up a mesh restarting at once
