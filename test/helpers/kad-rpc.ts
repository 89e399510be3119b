// One hand-made kad-dht request on /aios-comm/kad/1.0.0 (kad-dht's dht.proto) and its answer, so a test sees exactly
// what a node tells the asking peer: the record it holds and the peers it names.
import protobuf from 'protobufjs'
import { lpStream } from '@libp2p/utils'
import { peerIdFromMultihash, peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import * as Digest from 'multiformats/hashes/digest'
import { Record } from '@libp2p/kad-dht'
import { DHT_PROTOCOL, type MeshNode } from '../../daemon/net/node.js'

const { root } = protobuf.parse(`
syntax = "proto3";
message PeerInfo { bytes id = 1; repeated bytes multiaddrs = 2; optional int32 connection = 3; }
message Message { int32 type = 1; optional int32 clusterLevel = 10; optional bytes key = 2; optional bytes record = 3; repeated PeerInfo closer = 8; repeated PeerInfo providers = 9; }
`)
const Message = root.lookupType('Message')

export const KAD = { PUT_VALUE: 0, GET_VALUE: 1, GET_PROVIDERS: 3, FIND_NODE: 4 } as const

export interface KadPeer { peerId: string, addrs: string[] }
export interface KadAnswer {
  closer: KadPeer[]
  providers: KadPeer[]
  /** The record's value, when the node holds one for the key. */
  value?: Uint8Array
}

/** The key of a peer id in FIND_NODE (its multihash). */
export function peerKey (peerId: string): Uint8Array {
  return peerIdFromString(peerId).toMultihash().bytes
}

/** A GET_PROVIDERS key (a CID) near a peer id. */
export function cidKey (peerId: string): Uint8Array {
  return peerIdFromString(peerId).toCID().bytes
}

function peers (list: any[] | undefined): KadPeer[] {
  return (list ?? []).map(p => ({
    peerId: peerIdFromMultihash(Digest.decode(new Uint8Array(p.id))).toString(),
    addrs: (p.multiaddrs ?? []).map((a: Uint8Array) => multiaddr(new Uint8Array(a)).toString())
  }))
}

/**
 * Asks `peerId` one question (PUT_VALUE: stores `value` under `key`); undefined when the node answers nothing
 * (refuses the stream or closes it).
 */
export async function kadAsk (node: MeshNode, peerId: string, type: number, key: Uint8Array, value?: Uint8Array): Promise<KadAnswer | undefined> {
  let stream
  try {
    stream = await node.dialProtocol(peerIdFromString(peerId), DHT_PROTOCOL, { signal: AbortSignal.timeout(10_000) })
  } catch {
    return undefined
  }
  const lp = lpStream(stream)
  try {
    const record = value === undefined ? undefined : new Record(key, value, new Date()).serialize()
    await lp.write(Message.encode(Message.create({ type, key, record })).finish())
    const msg: any = Message.toObject(Message.decode((await lp.read({ signal: AbortSignal.timeout(10_000) })).subarray()), { defaults: false })
    const held = msg.record === undefined ? undefined : Record.deserialize(new Uint8Array(msg.record))
    return { closer: peers(msg.closer), providers: peers(msg.providers), ...(held === undefined ? {} : { value: held.value }) }
  } catch {
    return undefined
  } finally {
    stream.abort(new Error('done'))
  }
}
