// Protocol ids, network timings and the frame limit.
export const MAX_FRAME_BYTES = 1 << 20 // one frame on a stream: a batch, or one large message; bigger goes by file
export const DELIVER_PROTOCOL = '/aios-comm/deliver/1'
// The same frames; a node that speaks it reads message ids of both forms, timed ones too (receipts/header.ts). A
// sender learns it from the peer's identify and names the messages for that node's seats with timed ids.
export const DELIVER_PROTOCOL_2 = '/aios-comm/deliver/2'
// Deliver frames a sender has out on its stream to a peer, unanswered, and a recipient handles at once. A stream's
// reader buffers whatever arrives (yamux grants window as data is received, not as it is read): a sender past this
// bound filled the recipient's buffer while it handled its 8, and at 64 KB messages the stream was aborted (libp2p's
// 4 MiB read buffer) and every batch on it retried after a backoff. The recipient's buffer holds this many plus one.
export const DELIVER_FRAMES_IN_FLIGHT = 8
// Liveness (liveness.ts) pings every connection this often, each at its own phase (the RTT that `peers` shows), and
// drops one whose ping goes unanswered for PING_TIMEOUT_MS, so a peer that vanished (its host off, the network cut)
// is noticed within ~40 s; a killed peer is still noticed at once by its closed socket. When each ping opened a
// stream, at 2 s an idle daemon with 29 peers spent ~12 % of a core on pings alone (docs/DECISIONS.md "Liveness").
export const PING_INTERVAL_MS = 10_000
// How late a ping's answer may come before its connection is dropped: fixed, as long as a deliver request may take.
// libp2p's adaptive default (at least 5 s, doubled after a failure) dropped every connection of a daemon whose
// machine stalled 5 s, all at once: 30 daemons on 2 cores churned connections (each one back costs a TLS handshake,
// a sync catch-up and a gossip stream, so more stalls) and 60 s after start the least connected had 2 of 29 peers.
export const PING_TIMEOUT_MS = 30_000
// Ping streams per connection. Liveness has one ping at a time per connection, but the DHT pings a new contact
// before adding it to its routing table, and a daemon before liveness.ts overlapped its monitor's pings (the timeout
// is longer than the interval): with ping's default of one stream, a ping that met another one failed at once and
// dropped the connection. Every daemon accepts as many.
export const PING_OUTBOUND_STREAMS = Math.ceil(PING_TIMEOUT_MS / PING_INTERVAL_MS) + 1
export const PING_INBOUND_STREAMS = PING_OUTBOUND_STREAMS + 1 // a close and the next open may cross (the ping spec)
// How long this node's ping handler keeps one inbound ping stream (libp2p's ping `timeout`, 10 s by default, is the
// stream's whole life): liveness.ts pings on the same stream while it lives, so a connection opens a new one this
// seldom, not every PING_INTERVAL_MS. The streams a peer may hold at once stay bounded by PING_INBOUND_STREAMS.
export const PING_STREAM_LIFETIME_MS = 10 * 60_000
// identify on a new connection: only once it is done do gossipsub and the DHT hear of the peer (libp2p's registrar
// tells its topologies then). libp2p's 5 s left a loaded machine's connections outside gossip for good: 30 daemons
// on 2 cores published a fact to 7 of 29 connected peers. The sweep identifies such a peer again (truth-plane.ts).
export const IDENTIFY_TIMEOUT_MS = 30_000
export const DIAL_TIMEOUT_MS = 5000 // opening a protocol stream once the dialer (dialer.ts) has a connection
export const KEEP_PEERS_MS = 15_000 // known peers without a connection are dialed again this often
export const REQUEST_TIMEOUT_MS = 30_000 // one deliver batch, answered after the recipient's fsync
export const INBOUND_CONNECTIONS_PER_SECOND = 100 // per IP; the libp2p default of 5 trips up a mesh restarting at once
