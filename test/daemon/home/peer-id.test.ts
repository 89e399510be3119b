// A home's peer id, made from its node key file without deriving the public key in JS, is the one libp2p derives
// from the seed; and the daemon's node runs under that id.
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { generateKeyPairFromSeed } from '@libp2p/crypto/keys'
import { peerIdFromPrivateKey } from '@libp2p/peer-id'
import { HomeContext, initHome } from '../../../daemon/index.js'
import { createNode } from '../../../daemon/net/index.js'
import { tempDir } from '../../helpers/cli.js'

describe('the node key', () => {
  it('gives the peer id libp2p derives from its seed, to the home and to the node', async () => {
    const root = join(tempDir(), 'home')
    const { peerId } = await initHome(root, { listen: ['/ip4/127.0.0.1/tcp/0'] })
    const ctx = HomeContext.open(root)
    try {
      const seed = ctx.nodeKey().seed
      const derived = peerIdFromPrivateKey(await generateKeyPairFromSeed('Ed25519', seed)).toString()
      expect(peerId).toBe(derived)
      expect(await ctx.peerId()).toBe(derived)
      const node = await createNode({ seed, listen: [], announce: [], isTrustedPeer: () => false })
      expect(node.peerId.toString()).toBe(derived)
      await node.stop()
    } finally {
      ctx.close()
    }
  })
})
