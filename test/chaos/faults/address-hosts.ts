// Hosts in network namespaces for the address tests, and the card a home holds for a handle, verified.
import { execFileSync } from 'node:child_process'
import { onTestFinished } from 'vitest'
import { verifyCardJson } from '../../../cards/index.js'
import { query } from '../../helpers/mesh.js'
import { makeHosts, type Hosts } from './netns.js'

export const ip = (...args: string[]): void => { execFileSync('ip', args, { stdio: 'pipe', timeout: 10_000 }) }

export function hostsOrFail (n: number, subnet?: string): Hosts {
  const hosts = makeHosts(n, { subnet })
  if (typeof hosts === 'string') throw new Error(hosts) // fails, never skips: .ci/run installs iproute2
  onTestFinished(() => hosts.cleanup())
  return hosts
}

/** The card a home holds for a handle: its seq, addresses and whether it relays. */
export function card (home: string, handle: string): { seq: number, multiaddrs: string[], relay?: boolean } | undefined {
  const row = query<{ json: string }>(home, 'SELECT json FROM cards WHERE handle = ?', handle)[0]
  if (row === undefined) return undefined
  const v = verifyCardJson(row.json)
  if (!v.ok) throw new Error(v.reason)
  return { seq: v.card.seq, multiaddrs: v.card.multiaddrs, relay: v.card.relay }
}
