// Protocol ids and network timings.
export const DELIVER_PROTOCOL = '/aios-comm/deliver/1'
export const PING_INTERVAL_MS = 2000 // the connection monitor pings this often, so a frozen peer is noticed in ~2 s
export const DIAL_TIMEOUT_MS = 5000
export const REQUEST_TIMEOUT_MS = 30_000 // one deliver batch, answered after the recipient's fsync
export const INBOUND_CONNECTIONS_PER_SECOND = 100 // per IP; the libp2p default of 5 trips up a mesh restarting at once
