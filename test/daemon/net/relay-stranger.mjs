// A stranger's libp2p node (no key of the mesh): asks a relay for a reservation, or for a circuit to a peer, and
// prints the relay's answer as one JSON line. Run inside a test's network namespace: node relay-stranger.mjs RELAY_ADDR reserve|connect [PEER_ID]
import '../../../dist/daemon/runtime/polyfill.js'
import { createLibp2p } from 'libp2p'
import { tcp } from '@libp2p/tcp'
import { noise } from '@libp2p/noise'
import { yamux } from '@libp2p/yamux'
import { identify } from '@libp2p/identify'
import { multiaddr } from '@multiformats/multiaddr'
import { peerIdFromString } from '@libp2p/peer-id'
import { lpStream } from '@libp2p/utils'
import protobuf from 'protobufjs/minimal.js'

const HOP = '/libp2p/circuit/relay/0.2.0/hop'
const STATUS = { 100: 'OK', 200: 'RESERVATION_REFUSED', 201: 'RESOURCE_LIMIT_EXCEEDED', 202: 'PERMISSION_DENIED', 203: 'CONNECTION_FAILED', 204: 'NO_RESERVATION', 400: 'MALFORMED_MESSAGE', 401: 'UNEXPECTED_MESSAGE' }

const [relayAddr, mode, target] = process.argv.slice(2)
const node = await createLibp2p({ transports: [tcp()], connectionEncrypters: [noise()], streamMuxers: [yamux()], services: { identify: identify() } })
let out
try {
  const stream = await node.dialProtocol(multiaddr(relayAddr), HOP, { signal: AbortSignal.timeout(10_000) })
  const w = protobuf.Writer.create()
  if (mode === 'reserve') {
    w.uint32(8).int32(0) // type = RESERVE
  } else {
    const peer = protobuf.Writer.create().uint32(10).bytes(peerIdFromString(target).toMultihash().bytes).finish()
    w.uint32(8).int32(1) // type = CONNECT
    w.uint32(18).bytes(peer) // peer { id }
  }
  const lp = lpStream(stream)
  await lp.write(w.finish())
  const r = protobuf.Reader.create((await lp.read({ signal: AbortSignal.timeout(10_000) })).subarray())
  let status
  while (r.pos < r.len) {
    const tag = r.uint32()
    if (tag >>> 3 === 5) status = r.int32()
    else r.skipType(tag & 7)
  }
  out = { status: STATUS[status] ?? String(status) }
} catch (err) {
  out = { error: err.name, message: String(err.message).split('\n')[0] }
}
process.stdout.write(JSON.stringify(out) + '\n')
await node.stop()
process.exit(0)
