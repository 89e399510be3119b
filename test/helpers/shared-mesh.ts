// A mesh of real daemons shared by the tests of one file: every node gets the seats given (admitted by the mesh owner,
// their cards held by every node) before the daemons start together in beforeAll; closed in afterAll. Tests sharing it
// keep apart by seat: each test speaks only through seats no other test uses.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { actorAdd, actorEndorse, cardImport, cardShow, meshAdmit } from '../../daemon/index.js'
import { buildMesh, withCtx } from '../../cli/harness/index.js'
import { DaemonProcess, shareNodes, type SharedMesh } from './mesh.js'

export type { SharedMesh }

/**
 * One node per entry of `seats`, holding those seats (the first is the node's own handle, the first node owns the
 * mesh); every node holds every seat's card; the daemons started in parallel with `args(i)`.
 */
export async function startSharedMesh (seats: string[][], opts: { args?: (i: number) => string[] } = {}): Promise<SharedMesh> {
  return await shareNodes(async home => {
    const homes = await buildMesh({ seats: seats.map((s, i) => ({ name: `n${i}`, handle: s[0] })), home })
    const owner = homes[0].home
    for (const [i, h] of homes.entries()) {
      for (const handle of seats[i].slice(1)) {
        const request = await withCtx(h.home, async ctx => (await actorAdd(ctx, handle)).request)
        if (request === undefined) continue // the owner's node endorses its own seats
        const endorsement = await withCtx(owner, ctx => meshAdmit(ctx, request).path)
        await withCtx(h.home, async ctx => await actorEndorse(ctx, handle, endorsement))
      }
    }
    // buildMesh exchanged the nodes' own handles; the extra seats' cards go to every other node here
    for (const [i, h] of homes.entries()) {
      for (const handle of seats[i].slice(1)) {
        const file = join(h.home, `${handle}.card.json`)
        writeFileSync(file, JSON.stringify(await withCtx(h.home, async ctx => await cardShow(ctx, handle)), null, 2))
        for (const other of homes.filter(o => o !== h)) await withCtx(other.home, ctx => { cardImport(ctx, file) })
      }
    }
    return homes.map((h, i) => ({ home: h.home, handle: h.handle, port: h.port, daemon: new DaemonProcess(h.home, {}, opts.args?.(i) ?? []) }))
  })
}
