// Homes joined into one mesh the way users join them: `mesh create` on the first, then on each other home an
// admission request → `mesh admit` on the first → `actor endorse`; every card imported by hand before any daemon starts.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { actorAdd, actorEndorse, cardImport, cardShow, initHome, meshAdmit, meshCreate, meshTrust } from '../../daemon/index.js'
import { saveConfig } from '../../daemon/home/config.js'
import { withCtx } from './context.js'
import { freePort } from './ports.js'

export interface SeatPlan {
  /** The node's name (a folder name, a line in the demo). */
  name: string
  handle: string
  /** The seat's carrier (none: delivery is exercised, not waking). */
  carrier?: string
  /** The roles its card states (actor add --role). */
  roles?: string[]
}

export interface MeshPlan {
  seats: SeatPlan[]
  /** The home folder of seat i (it need not exist). */
  home: (seat: SeatPlan, i: number) => string
  /** Where node i listens and what its cards announce (default: 127.0.0.1 on a free port, announced as is). */
  addresses?: (i: number, port: number) => { listen: string, announce?: string | string[] }
  /** full: every node holds every card and keeps every peer connected; chain: node i knows and dials only i±1. */
  topology?: 'full' | 'chain'
  /** Node i's `relay` setting (init --relay / --no-relay); undefined leaves it absent. */
  relay?: (i: number) => boolean | undefined
  /** Told each step as it is done. */
  say?: (line: string) => void
}

export interface MeshHome {
  name: string
  home: string
  handle: string
  port: number
}

/** One home per seat, the first one owning the mesh; returns them in the plan's order, daemons not started. */
export async function buildMesh (plan: MeshPlan): Promise<MeshHome[]> {
  const say = plan.say ?? (() => {})
  const homes: MeshHome[] = []
  let meshKey = ''
  for (const [i, seat] of plan.seats.entries()) {
    const h: MeshHome = { name: seat.name, home: plan.home(seat, i), handle: seat.handle, port: await freePort() }
    const addr = plan.addresses?.(i, h.port) ?? { listen: `/ip4/127.0.0.1/tcp/${h.port}` }
    await initHome(h.home, { listen: [addr.listen], relay: plan.relay?.(i) })
    if (addr.announce !== undefined) {
      // Before any card is made, so that every card this node ever signs names the announced address.
      await withCtx(h.home, ctx => {
        ctx.config.announce = [addr.announce ?? []].flat()
        ctx.config.announceOnly = true // exactly those addresses: the listener itself stays unnamed (e.g. behind a proxy)
        saveConfig(ctx.paths.config, ctx.config)
      })
    }
    const opts = seat.carrier !== undefined || seat.roles !== undefined ? { carrier: seat.carrier, roles: seat.roles } : undefined
    if (i === 0) {
      meshKey = await withCtx(h.home, async ctx => {
        const key = meshCreate(ctx).meshKey
        await actorAdd(ctx, seat.handle, opts)
        return key
      })
      say(`${seat.name}: mesh created (${meshKey.slice(0, 20)}…), seat ${seat.handle} endorsed`)
    } else {
      const request = await withCtx(h.home, async ctx => {
        meshTrust(ctx, meshKey)
        return (await actorAdd(ctx, seat.handle, opts)).request as string
      })
      const endorsement = await withCtx(homes[0].home, owner => meshAdmit(owner, request).path)
      await withCtx(h.home, async ctx => await actorEndorse(ctx, seat.handle, endorsement))
      say(`${seat.name}: seat ${seat.handle} joined (admission request → mesh admit on ${homes[0].name} → actor endorse)`)
    }
    homes.push(h)
  }
  await exchangeCards(homes, plan.topology ?? 'full')
  say('cards exchanged: every node holds every seat\'s signed A2A Agent Card')
  return homes
}

/** Every node imports the cards of the nodes it should know; in a chain it also dials only its neighbours. */
async function exchangeCards (homes: MeshHome[], topology: 'full' | 'chain'): Promise<void> {
  const chain = topology === 'chain'
  const files = await Promise.all(homes.map(async h => {
    const file = join(h.home, `${h.handle}.card.json`)
    writeFileSync(file, JSON.stringify(await withCtx(h.home, async ctx => await cardShow(ctx, h.handle)), null, 2))
    return file
  }))
  const peerIds = await Promise.all(homes.map(async h => await withCtx(h.home, async ctx => await ctx.peerId())))
  for (const [i, h] of homes.entries()) {
    const known = homes.map((_, j) => j).filter(j => j !== i && (!chain || Math.abs(j - i) === 1))
    await withCtx(h.home, ctx => {
      for (const j of known) cardImport(ctx, files[j])
      if (chain) {
        ctx.config.bootstrap.push(...known.map(j => `/ip4/127.0.0.1/tcp/${homes[j].port}/p2p/${peerIds[j]}`))
        ctx.config.connectKnownPeers = false
        saveConfig(ctx.paths.config, ctx.config)
      }
    })
  }
}
