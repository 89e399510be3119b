// The demo's homes: three machines' worth of aios-comm in temp folders, joined into one mesh the way users do it
// (mesh create on one, admission request → mesh admit → actor endorse on the others), cards exchanged by hand.
import { createServer } from 'node:net'
import { join } from 'node:path'
import { writeFileSync } from 'node:fs'
import { HomeContext, actorAdd, actorEndorse, cardImport, cardShow, initHome, meshAdmit, meshCreate, meshTrust } from '../../daemon/index.js'

export interface DemoHome {
  name: string
  home: string
  handle: string
  port: number
}

/**
 * A loopback port to listen on, chosen below the kernel's ephemeral range (32768+ on Linux), so outgoing
 * connections of other daemons cannot take it between this check and the daemon's bind.
 */
export async function freePort (): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000)
    const server = createServer()
    const ok = await new Promise<boolean>(resolve => {
      server.once('error', () => resolve(false))
      server.listen(port, '127.0.0.1', () => resolve(true))
    })
    if (ok) {
      await new Promise(resolve => server.close(resolve))
      return port
    }
  }
}

/** Opens a home's context for one piece of work and always closes it. */
export async function withCtx<T> (home: string, fn: (ctx: HomeContext) => Promise<T> | T): Promise<T> {
  const ctx = HomeContext.open(home)
  try {
    return await fn(ctx)
  } finally {
    ctx.close()
  }
}

export const DEMO_SEATS: Array<[string, string]> = [['alice', 'agent-amai'], ['bob', 'agent-bo'], ['carol', 'agent-cyd']]

export async function makeHomes (root: string, say: (line: string) => void, specs: Array<[string, string]> = DEMO_SEATS): Promise<DemoHome[]> {
  const homes: DemoHome[] = []
  for (const [name, handle] of specs) {
    const home = join(root, name)
    const port = await freePort()
    await initHome(home, { listen: [`/ip4/127.0.0.1/tcp/${port}`] })
    homes.push({ name, home, handle, port })
  }
  const [owner, ...others] = homes
  const meshKey = await withCtx(owner.home, async ctx => {
    const key = meshCreate(ctx).meshKey
    await actorAdd(ctx, owner.handle, { carrier: 'claude-code' })
    return key
  })
  say(`${owner.name}: mesh created (${meshKey.slice(0, 20)}…), seat ${owner.handle} endorsed`)
  for (const h of others) {
    const request = await withCtx(h.home, async ctx => {
      meshTrust(ctx, meshKey)
      return (await actorAdd(ctx, h.handle, { carrier: 'codex' })).request as string
    })
    const endorsement = await withCtx(owner.home, ctx => meshAdmit(ctx, request).path)
    await withCtx(h.home, async ctx => await actorEndorse(ctx, h.handle, endorsement))
    say(`${h.name}: seat ${h.handle} joined (admission request → mesh admit on ${owner.name} → actor endorse)`)
  }
  const files = await Promise.all(homes.map(async h => {
    const file = join(h.home, `${h.handle}.card.json`)
    writeFileSync(file, JSON.stringify(await withCtx(h.home, async ctx => await cardShow(ctx, h.handle)), null, 2))
    return file
  }))
  for (const h of homes) {
    await withCtx(h.home, ctx => { for (const f of files) if (!f.startsWith(h.home)) cardImport(ctx, f) })
  }
  say('cards exchanged: every node holds every seat\'s signed A2A Agent Card')
  return homes
}
