// The node's config file (config.json): validated on load, so a typo fails loudly instead of half-working.
import { existsSync, readFileSync } from 'node:fs'
import { isAbsolute } from 'node:path'
import { multiaddr } from '@multiformats/multiaddr'
import { MeshError } from '../../cards/index.js'
import { writePrivateFile } from './files.js'
import { isDefaultPolicy, parsePolicy } from '../retention/policy.js'
import type { RetentionPolicy } from '../retention/types.js'
import { otlpTracesUrl } from '../trace/index.js'

export const DEFAULT_PORT = 7733 // fixed so peers can be told one address; change with init --listen
const PEER_ID = /^[1-9A-HJ-NP-Za-km-z]{46,60}$/ // base58btc (12D3Koo…, Qm…)
// IPv6 beside IPv4 (libp2p starts with IPv4 alone where every IPv6 listener fails, as on a host without IPv6); add
// /ip4/0.0.0.0/tcp/443/ws with init --listen for networks that let only web ports out
export const DEFAULT_LISTEN = [`/ip4/0.0.0.0/tcp/${DEFAULT_PORT}`, `/ip6/::/tcp/${DEFAULT_PORT}`]

export interface NodeConfig {
  version: 1
  /** libp2p listen multiaddrs. */
  listen: string[]
  /** Addresses to announce beside those found (a forwarded port, a DNS name); instead of them with announceOnly. */
  announce: string[]
  /** Peers to dial at start and keep connected (multiaddrs with /p2p/<peer id>). */
  bootstrap: string[]
  /** Keep a connection to every node that hosts a known actor (small meshes); false: only bootstrap peers and
   * the nodes this one exchanges messages with. */
  connectKnownPeers: boolean
  /** Where the seat socket listens (default <home>/seat.sock). Isolated seats of other Unix users need a path
   * in a folder they can reach (the home is 0700), e.g. /run/aios-comm/seat.sock, or a bind mount. */
  seatSocket?: string
  /** A group id: the seat socket is then mode 0660 and owned by that group, instead of 0666. */
  seatSocketGroup?: number
  /** Serve as a relay and mailbox for the mesh's members: true, false, or absent for "when a public address of this
   * node is confirmed". */
  relay?: boolean
  /** Peer ids of the nodes this node's cards name as mailboxes; absent: the relays it holds reservations on. */
  mailboxes?: string[]
  /** How long a peer must have been unreachable before what waits for it is handed to one of its mailboxes. */
  mailboxAfterMs: number
  /** Announce exactly `announce`, nothing found by the node itself (no interface, confirmed or relay address). */
  announceOnly: boolean
  /** Find the mesh's nodes on the local network by mDNS (only peers that host a trusted actor are dialed). */
  mdns: boolean
  /** How long final obligations are kept in full, and archived ones at all (`aios-comm retention`). */
  retention: RetentionPolicy
  /** Export traces to this OTLP/HTTP collector at every start (`daemon --otlp-endpoint` for one run). */
  otlpEndpoint?: string
}

export const DEFAULT_MAILBOX_AFTER_MS = 120_000

const KNOWN = new Set(['version', 'listen', 'announce', 'bootstrap', 'connectKnownPeers', 'seatSocket', 'seatSocketGroup', 'relay', 'mailboxes',
  'mailboxAfterMs', 'announceOnly', 'mdns', 'retention', 'otlpEndpoint'])

function invalid (path: string, what: string): MeshError {
  return new MeshError('CONFIG_INVALID', `${path}: ${what}; fix the file, or move it aside and run aios-comm init`)
}

function multiaddrList (v: unknown, field: string, path: string): string[] {
  if (v === undefined) return []
  if (!Array.isArray(v) || v.some(a => typeof a !== 'string')) throw invalid(path, `${field} must be a list of multiaddr strings`)
  for (const a of v) {
    try {
      multiaddr(a)
    } catch {
      throw invalid(path, `${field} holds ${JSON.stringify(a)}, which is not a multiaddr`)
    }
  }
  return v
}

export function parseConfig (text: string, path: string): NodeConfig {
  let doc: Record<string, unknown>
  try {
    doc = JSON.parse(text)
  } catch {
    throw invalid(path, 'not valid JSON')
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw invalid(path, 'not a JSON object')
  const unknown = Object.keys(doc).find(k => !KNOWN.has(k))
  if (unknown !== undefined) throw invalid(path, `unknown setting ${JSON.stringify(unknown)}`)
  if (doc.version !== 1) throw invalid(path, 'version must be 1')
  const listen = multiaddrList(doc.listen, 'listen', path)
  if (listen.length === 0) throw invalid(path, 'listen must name at least one address')
  if (doc.connectKnownPeers !== undefined && typeof doc.connectKnownPeers !== 'boolean') throw invalid(path, 'connectKnownPeers must be true or false')
  const bootstrap = multiaddrList(doc.bootstrap, 'bootstrap', path)
  if (bootstrap.some(a => !a.includes('/p2p/'))) throw invalid(path, 'bootstrap addresses must end in /p2p/<peer id>')
  if (doc.seatSocket !== undefined && (typeof doc.seatSocket !== 'string' || !isAbsolute(doc.seatSocket))) throw invalid(path, 'seatSocket must be an absolute path')
  if (doc.seatSocketGroup !== undefined && (!Number.isSafeInteger(doc.seatSocketGroup) || (doc.seatSocketGroup as number) < 0)) throw invalid(path, 'seatSocketGroup must be a numeric group id (getent group NAME)')
  for (const k of ['relay', 'announceOnly', 'mdns']) {
    if (doc[k] !== undefined && typeof doc[k] !== 'boolean') throw invalid(path, `${k} must be true or false`)
  }
  if (doc.mailboxes !== undefined && (!Array.isArray(doc.mailboxes) || doc.mailboxes.some(p => typeof p !== 'string' || !PEER_ID.test(p)))) {
    throw invalid(path, 'mailboxes must be a list of peer ids')
  }
  if (doc.mailboxAfterMs !== undefined && (!Number.isSafeInteger(doc.mailboxAfterMs) || (doc.mailboxAfterMs as number) < 0)) {
    throw invalid(path, 'mailboxAfterMs must be a whole number of milliseconds')
  }
  if (doc.announceOnly === true && multiaddrList(doc.announce, 'announce', path).length === 0) throw invalid(path, 'announceOnly needs announce addresses')
  if (doc.otlpEndpoint !== undefined) {
    try {
      if (typeof doc.otlpEndpoint !== 'string') throw new Error('otlpEndpoint must be a URL string')
      otlpTracesUrl(doc.otlpEndpoint)
    } catch (err) {
      throw invalid(path, `otlpEndpoint: ${(err as Error).message}`)
    }
  }
  let retention: RetentionPolicy
  try {
    retention = parsePolicy(doc.retention)
  } catch (err) {
    throw invalid(path, (err as Error).message)
  }
  return {
    version: 1,
    listen,
    announce: multiaddrList(doc.announce, 'announce', path),
    bootstrap,
    connectKnownPeers: doc.connectKnownPeers !== false,
    ...(doc.seatSocket !== undefined ? { seatSocket: doc.seatSocket as string } : {}),
    ...(doc.seatSocketGroup !== undefined ? { seatSocketGroup: doc.seatSocketGroup as number } : {}),
    ...(doc.relay !== undefined ? { relay: doc.relay as boolean } : {}),
    ...(doc.mailboxes !== undefined ? { mailboxes: doc.mailboxes as string[] } : {}),
    mailboxAfterMs: (doc.mailboxAfterMs as number | undefined) ?? DEFAULT_MAILBOX_AFTER_MS,
    announceOnly: doc.announceOnly === true,
    mdns: doc.mdns !== false,
    retention,
    ...(doc.otlpEndpoint !== undefined ? { otlpEndpoint: doc.otlpEndpoint as string } : {})
  }
}

export function loadConfig (path: string): NodeConfig {
  if (!existsSync(path)) throw new MeshError('NOT_INITIALIZED', `no config at ${path}; run aios-comm init`)
  return parseConfig(readFileSync(path, 'utf8'), path)
}

/**
 * Changes the settings `change` returns in the file as it is on disk now, every other setting as the file has it: a
 * running daemon holds the copy it started with, and `init` or a hand edit may have changed the file since, which
 * writing that copy back would undo without a word. A file made invalid meanwhile is refused (CONFIG_INVALID), not
 * replaced.
 */
export function updateConfig (path: string, change: (onDisk: NodeConfig) => Partial<NodeConfig>): NodeConfig {
  const onDisk = loadConfig(path)
  const next = { ...onDisk, ...change(onDisk) }
  saveConfig(path, next)
  return next
}

/** How a retention policy is kept: in the config file, as `updateConfig` changes it. */
export function policySaver (path: string): (policy: RetentionPolicy) => void {
  return policy => { updateConfig(path, () => ({ retention: policy })) }
}

export function saveConfig (path: string, config: NodeConfig): void {
  // the default policy is left out, so a file written by this version still says only what the user chose
  const { retention, ...rest } = config
  const doc = isDefaultPolicy(retention) ? rest : { ...rest, retention }
  writePrivateFile(path, JSON.stringify(doc, null, 2) + '\n')
}
