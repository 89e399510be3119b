// `init`: creates the home folder, the node key and the config (idempotent: an existing home is kept as it is).
import { existsSync } from 'node:fs'
import { generateKeyPair } from '../../cards/index.js'
import { homePaths } from '../home/paths.js'
import { DEFAULT_LISTEN, loadConfig, parseConfig, saveConfig } from '../home/config.js'
import { ensurePrivateDir, writeKeyFile } from '../home/files.js'
import { HomeContext } from '../home/context.js'

export interface InitResult {
  home: string
  peerId: string
  listen: string[]
  created: boolean
  /** The config's relay setting: true, false, or absent (on once a public address is confirmed). */
  relay?: boolean
  /** Addresses stated beside (or, with announceOnly, instead of) what the node finds itself. */
  announce: string[]
  announceOnly: boolean
}

export interface InitOptions {
  listen?: string[]
  /** Serve as a relay for the mesh's members (true), never (false); undefined leaves the config as it is. */
  relay?: boolean
  /** Addresses to state beside what the node finds (a forwarded port, a VM's public address behind 1:1 NAT). */
  announce?: string[]
  /** State exactly `announce`, nothing the node finds itself (a node behind a proxy or a port map). */
  announceOnly?: boolean
}

/** Each option given replaces that setting; the others are left as they are (or their defaults, for a new home). */
export async function initHome (root: string, opts: InitOptions = {}): Promise<InitResult> {
  const paths = homePaths(root)
  const wanted = opts.listen !== undefined && opts.listen.length > 0 ? opts.listen : undefined
  const changes = {
    ...(wanted === undefined ? {} : { listen: wanted }),
    ...(opts.relay === undefined ? {} : { relay: opts.relay }),
    ...(opts.announce === undefined ? {} : { announce: opts.announce }),
    ...(opts.announceOnly === undefined ? {} : { announceOnly: opts.announceOnly })
  }
  // the config is checked whole before anything is written: a refused init leaves the home as it was
  const fresh = !existsSync(paths.config)
  const next = fresh
    ? parseConfig(JSON.stringify({ version: 1, listen: DEFAULT_LISTEN, announce: [], bootstrap: [], connectKnownPeers: true, ...changes }), paths.config)
    : Object.keys(changes).length > 0 ? parseConfig(JSON.stringify({ ...loadConfig(paths.config), ...changes }), paths.config) : undefined
  ensurePrivateDir(paths.root)
  let created = fresh
  if (!existsSync(paths.nodeKey)) {
    writeKeyFile(paths.nodeKey, generateKeyPair())
    created = true
  }
  if (next !== undefined) saveConfig(paths.config, next)
  const ctx = HomeContext.open(root)
  try {
    const c = ctx.config
    return { home: paths.root, peerId: await ctx.peerId(), listen: c.listen, created, ...(c.relay === undefined ? {} : { relay: c.relay }), announce: c.announce, announceOnly: c.announceOnly }
  } finally {
    ctx.close()
  }
}
