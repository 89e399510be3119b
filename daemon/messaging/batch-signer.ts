// Messages notified in one turn of the event loop are signed together with their headers: one Ed25519 signature
// over a Merkle root per seat (the envelope's batch proof, DESIGN §5), each item still verifiable alone. A lone
// item gets a plain signature.
import { signBatch, signEnvelope, type Envelope, type KeyPair } from '../../cards/index.js'
import { PAYLOAD_TYPES } from '../../proto/index.js'

interface Turn {
  items: Array<{ key: KeyPair, payloadType: string, payload: Uint8Array }>
  signed?: Envelope[]
}

export class BatchSigner {
  private turn: Turn = { items: [] }

  /** Adds a payload to this turn's batch; the returned function gives its envelope (signing the batch once). */
  add (key: KeyPair, payload: Uint8Array, payloadType: string = PAYLOAD_TYPES.message): () => Envelope {
    const turn = this.turn
    const index = turn.items.push({ key, payloadType, payload }) - 1
    return () => {
      if (turn.signed === undefined) {
        if (this.turn === turn) this.turn = { items: [] } // sealed: later payloads go into the next batch
        turn.signed = signTurn(turn.items)
      }
      return turn.signed[index]
    }
  }
}

function signTurn (items: Turn['items']): Envelope[] {
  const out: Envelope[] = new Array(items.length)
  const bySeat = new Map<KeyPair, number[]>()
  items.forEach((item, i) => {
    const list = bySeat.get(item.key)
    if (list === undefined) bySeat.set(item.key, [i])
    else list.push(i)
  })
  for (const [key, indexes] of bySeat) {
    if (indexes.length === 1) {
      out[indexes[0]] = signEnvelope(key, items[indexes[0]].payloadType, items[indexes[0]].payload)
      continue
    }
    const envs = signBatch(key, indexes.map(i => ({ payloadType: items[i].payloadType, payload: items[i].payload })))
    indexes.forEach((i, j) => { out[i] = envs[j] })
  }
  return out
}
