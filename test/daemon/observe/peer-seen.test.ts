// What status says of a peer that is down is kept for the peers it lists, and only for them: strangers that a relay
// or an open invitation let connect, hanging up again and again under new ids, leave nothing behind. A real store
// and directory.
import { afterEach, describe, expect, it } from 'vitest'
import { PeerSeen } from '../../../daemon/observe/peer-seen.js'
import { generateKeyPair } from '@libp2p/crypto/keys'
import { peerIdFromPrivateKey } from '@libp2p/peer-id'
import { createWorld, type World } from '../../chaos/fuzz/world.js'

let world: World | undefined
afterEach(() => { world?.close(); world = undefined })

describe('the peers seen going down', () => {
  it('keeps a trusted peer\'s last disconnect and no stranger\'s', async () => {
    const w = world = await createWorld()
    const startedAtMs = Date.now() - 60_000
    const seen = new PeerSeen(w.core, startedAtMs)
    seen.start()
    try {
      for (let i = 0; i < 300; i++) {
        const stranger = peerIdFromPrivateKey(await generateKeyPair('Ed25519')).toString() // a new id, hosting no seat
        w.core.events.emit('peer', { peerId: stranger, status: 'up' })
        w.core.events.emit('peer', { peerId: stranger, status: 'down' })
      }
      expect(seen.size).toBe(0)
      w.core.events.emit('peer', { peerId: w.b.peerId, status: 'up' })
      w.core.events.emit('peer', { peerId: w.b.peerId, status: 'down' })
      expect(seen.size).toBe(1)
      expect(Date.parse(seen.downSince(w.b.peerId))).toBeGreaterThan(startedAtMs)
      expect(seen.downSince(w.c.peerId)).toBe(new Date(startedAtMs).toISOString()) // never seen: down since the start
    } finally {
      seen.stop()
    }
  })
})
