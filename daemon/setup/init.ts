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
}

/** `relay`: serve as a relay for the mesh's members (true), never (false); undefined leaves the config as it is. */
export async function initHome (root: string, opts: { listen?: string[], relay?: boolean } = {}): Promise<InitResult> {
  const paths = homePaths(root)
  ensurePrivateDir(paths.root)
  let created = false
  if (!existsSync(paths.nodeKey)) {
    writeKeyFile(paths.nodeKey, generateKeyPair())
    created = true
  }
  const wanted = opts.listen !== undefined && opts.listen.length > 0 ? opts.listen : undefined
  const relay = opts.relay === undefined ? {} : { relay: opts.relay }
  if (!existsSync(paths.config)) {
    const config = parseConfig(JSON.stringify({ version: 1, listen: wanted ?? DEFAULT_LISTEN, announce: [], bootstrap: [], connectKnownPeers: true, ...relay }), paths.config)
    saveConfig(paths.config, config)
    created = true
  } else if (wanted !== undefined || opts.relay !== undefined) {
    const config = loadConfig(paths.config)
    saveConfig(paths.config, parseConfig(JSON.stringify({ ...config, ...(wanted === undefined ? {} : { listen: wanted }), ...relay }), paths.config))
  }
  const ctx = HomeContext.open(root)
  try {
    return { home: paths.root, peerId: await ctx.peerId(), listen: ctx.config.listen, created, ...(ctx.config.relay === undefined ? {} : { relay: ctx.config.relay }) }
  } finally {
    ctx.close()
  }
}
