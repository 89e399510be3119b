// Homes for benchmark meshes, set up as the tests' meshes are: one owner creates the mesh, every other home's seat
// is admitted and endorsed, and every seat's card is imported on every node before any daemon starts.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { actorAdd, actorEndorse, cardImport, cardShow, initHome, meshAdmit, meshCreate, meshTrust } from '../daemon/index.js'
import { freePort, withCtx } from '../cli/demo/homes.js'

export interface BenchHome {
  home: string
  handle: string
  port: number
}

/** n homes under root named by `names`, one seat each (no carrier: delivery is measured, not waking). */
export async function makeMesh (root: string, names: string[]): Promise<BenchHome[]> {
  const homes: BenchHome[] = []
  let meshKey = ''
  for (const [i, name] of names.entries()) {
    const home = join(root, name)
    const port = await freePort()
    await initHome(home, { listen: [`/ip4/127.0.0.1/tcp/${port}`] })
    const handle = `agent-${name}`
    await withCtx(home, async ctx => {
      if (i === 0) {
        meshKey = meshCreate(ctx).meshKey
        await actorAdd(ctx, handle)
        return
      }
      meshTrust(ctx, meshKey)
      const request = (await actorAdd(ctx, handle)).request as string
      const endorsement = await withCtx(homes[0].home, owner => meshAdmit(owner, request).path)
      await actorEndorse(ctx, handle, endorsement)
    })
    homes.push({ home, handle, port })
  }
  const files = await Promise.all(homes.map(async h => {
    const file = join(h.home, `${h.handle}.card.json`)
    writeFileSync(file, JSON.stringify(await withCtx(h.home, async ctx => await cardShow(ctx, h.handle))))
    return file
  }))
  for (const [i, h] of homes.entries()) {
    await withCtx(h.home, ctx => { for (const [j, f] of files.entries()) if (j !== i) cardImport(ctx, f) })
  }
  return homes
}
