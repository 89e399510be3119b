// Two real homes for the in-process stage benchmarks: the bench's sender and recipient (one mesh, every card on
// both), each opened as the daemon opens it — its SQLite store and a Core — but with no network and no workers.
import { HomeContext } from '../../daemon/index.js'
import { Core } from '../../daemon/core.js'
import { Directory } from '../../daemon/directory/directory.js'
import { createLogger } from '../../daemon/runtime/log.js'
import { makeMesh } from '../mesh.js'

export interface MicroNode { core: Core, handle: string, peerId: string }

export interface MicroHomes {
  sender: MicroNode
  recipient: MicroNode
  close: () => void
}

async function open (home: string, handle: string): Promise<{ node: MicroNode, ctx: HomeContext }> {
  const ctx = HomeContext.open(home)
  const peerId = await ctx.peerId()
  return { node: { core: new Core(ctx, new Directory(ctx, peerId), peerId, createLogger('micro', 'error')), handle, peerId }, ctx }
}

/** Homes under `root` (on disk, as a daemon's are: a commit's fsync costs what it costs there). */
export async function openHomes (root: string): Promise<MicroHomes> {
  const [s, r] = await makeMesh(root, ['sender', 'recipient'])
  const a = await open(s.home, s.handle)
  const b = await open(r.home, r.handle)
  return { sender: a.node, recipient: b.node, close: () => { a.ctx.close(); b.ctx.close() } }
}
