// `join` when no daemon runs on this home: a short-lived libp2p node with the home's key does the exchange.
import type { HomeContext } from '../home/context.js'
import { createNode } from '../net/index.js'
import { joinMesh, type JoinResult } from './join-client.js'

export async function joinStandalone (ctx: HomeContext, token: string, handles: string[]): Promise<JoinResult> {
  const node = await createNode({ seed: ctx.nodeKey().seed, listen: [], announce: [], isTrustedPeer: () => false })
  await node.start()
  try {
    return await joinMesh(ctx, node, token, handles)
  } finally {
    await node.stop()
  }
}
