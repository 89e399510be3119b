// A hand-driven libp2p peer for adversarial tests: it speaks /aios-comm/deliver/1 with whatever frames a test
// builds, using the keys of a real home (so the gater lets it in, as it would a compromised node).
import '../../daemon/runtime/polyfill.js'
import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { peerIdFromString } from '@libp2p/peer-id'
import { multiaddr } from '@multiformats/multiaddr'
import { lpStream } from '@libp2p/utils'
import protobuf from 'protobufjs/minimal.js'
import { onTestFinished } from 'vitest'
import { parseKeyFile, signEnvelope, type KeyPair } from '../../cards/index.js'
import {
  PAYLOAD_TYPES, deliverRequestToWire, deliverResponseFromWire, envelopeToWire, messageToWire, receiptToWire,
  type DeliverRequestData, type DeliverResponseData, type MessageData, type ReceiptData
} from '../../proto/index.js'
import { createNode, type MeshNode } from '../../daemon/net/node.js'
import { DELIVER_PROTOCOL } from '../../daemon/net/constants.js'
import { factMessageId } from '../../daemon/sync/gossip.js'
import { headerPayload, messageIdFor } from '../../daemon/receipts/index.js'

export function homeKey (home: string, file: string): KeyPair {
  return parseKeyFile(readFileSync(join(home, file), 'utf8'))
}

export async function rawPeer (home: string, allow: (peerId: string) => boolean = () => true, port = 0): Promise<MeshNode> {
  const node = await createNode({ seed: homeKey(home, 'node.key').seed, listen: [`/ip4/127.0.0.1/tcp/${port}`], announce: [], isTrustedPeer: allow, messageId: factMessageId })
  await node.start()
  onTestFinished(async () => { await node.stop() })
  return node
}

export interface RawStream {
  write: (bytes: Uint8Array) => Promise<void>
  request: (req: Partial<DeliverRequestData>) => Promise<DeliverResponseData>
  read: () => Promise<DeliverResponseData | undefined>
  raw: Awaited<ReturnType<MeshNode['dialProtocol']>>
}

export async function openDeliver (node: MeshNode, peerId: string, port: number): Promise<RawStream> {
  const pid = peerIdFromString(peerId)
  await node.peerStore.merge(pid, { multiaddrs: [multiaddr(`/ip4/127.0.0.1/tcp/${port}`)] })
  const stream = await node.dialProtocol(pid, DELIVER_PROTOCOL)
  const lp = lpStream(stream, { maxDataLength: 8 << 20 })
  let next = 1
  const read = async (): Promise<DeliverResponseData | undefined> => {
    try {
      return deliverResponseFromWire((await lp.read()).subarray())
    } catch {
      return undefined
    }
  }
  return {
    raw: stream,
    write: async bytes => { stream.send(bytes) },
    read,
    request: async req => {
      await lp.write(deliverRequestToWire({ batchId: next++, messages: [], receipts: [], cards: [], ...req }))
      const res = await read()
      if (res === undefined) throw new Error('stream closed without an answer')
      return res
    }
  }
}

/**
 * A message signed by `key` with the header its sender signs beside it (the id derived from the key and a nonce,
 * as notify does). Pass the nonce of an earlier message to reuse its id.
 */
export function signedMessage (key: KeyPair, fields: Partial<MessageData> & { from: string, to: string }, nonce: Uint8Array = new Uint8Array(randomBytes(16))): { bytes: Uint8Array, header: Uint8Array, msg: MessageData, nonce: Uint8Array } {
  const msg: MessageData = {
    id: messageIdFor(fields.fromKey ?? key.publicKey, nonce),
    sentAtMs: Date.now(),
    contentType: 'text/plain',
    body: new TextEncoder().encode('hello'),
    require: 'COMPLETE',
    fromKey: key.publicKey,
    ...fields
  }
  const payload = messageToWire(msg)
  const header = envelopeToWire(signEnvelope(key, PAYLOAD_TYPES.header, headerPayload(msg, payload, nonce)))
  return { bytes: envelopeToWire(signEnvelope(key, PAYLOAD_TYPES.message, payload)), header, msg, nonce }
}

export function signedReceipt (key: KeyPair, data: ReceiptData): Uint8Array {
  return envelopeToWire(signEnvelope(key, PAYLOAD_TYPES.receipt, receiptToWire(data)))
}

/**
 * A COMPLETE receipt as an older node signed it: the evidence's content inside the signed payload (Evidence field
 * 4). Encoded by hand, since the wire types no longer know that field.
 */
export function signedInlineReceipt (key: KeyPair, data: ReceiptData, content: Uint8Array): Uint8Array {
  const e = data.evidence ?? { path: '/tmp/evidence.txt', sha256: new Uint8Array(32), size: content.byteLength }
  const evidence = protobuf.Writer.create()
    .uint32(0x0a).string(e.path).uint32(0x12).bytes(e.sha256).uint32(0x18).uint64(e.size).uint32(0x22).bytes(content).finish()
  const head = receiptToWire({ ...data, evidence: undefined })
  const payload = protobuf.Writer.create().uint32(0x3a).bytes(evidence).finish()
  return envelopeToWire(signEnvelope(key, PAYLOAD_TYPES.receipt, new Uint8Array([...head, ...payload])))
}
