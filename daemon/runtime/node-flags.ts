// Flags for the node process that runs a daemon (the service files, the demo and the bench start it with them).
// V8 grows the young generation up to 16 MiB per semi-space by default, and a daemon's start-up (loading libp2p)
// grows it all the way, where it stays: capped at 8 MiB, an idle daemon holds ≈ 97 MiB instead of ≈ 110 MiB.
// Smaller caps cost throughput (2 MiB: ≈ 15 % fewer notify → DELIVERED per second at 256 outstanding).
export const DAEMON_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8']
