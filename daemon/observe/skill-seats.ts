// `find --skill ID | --tag T | --tool NAME`: the seats whose valid cards state a capability, best first — those that
// can be reached now, then the most recently updated card — and the one `notify --to skill:ID` sends to.
import { MCP_SERVER_PATTERN, MCP_TOOL_PATTERN, MAX_SKILL_NAME_BYTES, MeshError, TAG_PATTERN, toolNames } from '../../cards/index.js'
import type { Core, NodeView } from '../core.js'
import type { CapabilityQuery, Current } from '../directory/index.js'
import type { SkillSearch } from '../sync/index.js'
import type { WakeService } from '../wake/index.js'
import { liveness } from './seat-health.js'

export interface FoundSeat {
  handle: string
  peerId: string
  local: boolean
  /** Local: what `status` reports. Remote: its node is connected now. */
  healthy: boolean
  problem?: string
  seq: number
  carrier: string
  model?: string
  /** The ids of the skills its card states, and its MCP tools as SERVER/TOOL (a server listed without tools: SERVER). */
  skills: string[]
  tools: string[]
  /** When the seat signed its card; the card's age in seconds now. */
  updatedAt: string
  ageSeconds: number
}

export interface FindReport {
  query: CapabilityQuery
  seats: FoundSeat[]
  /** With --dht: the skill's providers asked for their cards, and what their answers gave. */
  dht?: SkillSearch
}

function invalid (why: string): MeshError {
  return new MeshError('SKILLS_INVALID', why)
}

/** A query names at least one term, each in the shape cards state it (so no input can match by accident or be huge). */
export function checkQuery (q: CapabilityQuery): CapabilityQuery {
  if (q.skill === undefined && q.tag === undefined && q.tool === undefined) throw new MeshError('USAGE', 'name a --skill, a --tag or a --tool')
  if (q.skill !== undefined && (q.skill === '' || Buffer.byteLength(q.skill, 'utf8') > MAX_SKILL_NAME_BYTES)) throw invalid(`a skill is named by its id or its name of 1 to ${MAX_SKILL_NAME_BYTES} bytes`)
  if (q.tag !== undefined && !TAG_PATTERN.test(q.tag)) throw invalid(`${JSON.stringify(q.tag)} is not a tag: 1-32 of a-z 0-9 . _ -`)
  if (q.tool !== undefined) {
    const at = q.tool.indexOf('/')
    const ok = at < 0 ? MCP_TOOL_PATTERN.test(q.tool) : MCP_SERVER_PATTERN.test(q.tool.slice(0, at)) && MCP_TOOL_PATTERN.test(q.tool.slice(at + 1))
    if (!ok) throw invalid(`${JSON.stringify(q.tool)} is not an MCP tool name (TOOL or SERVER/TOOL)`)
  }
  return q
}

/** Best first: reachable now, then the newest card, then by handle (so equal seats always come in one order). */
export function rank (seats: FoundSeat[]): FoundSeat[] {
  return seats.sort((x, y) => Number(y.healthy) - Number(x.healthy) || Date.parse(y.updatedAt) - Date.parse(x.updatedAt) ||
    (x.handle < y.handle ? -1 : x.handle > y.handle ? 1 : 0))
}

function found (c: Current, nowMs: number): Omit<FoundSeat, 'healthy' | 'problem'> {
  return {
    handle: c.handle, peerId: c.peerId, local: c.local, seq: c.seq, carrier: c.carrier, ...(c.model !== undefined ? { model: c.model } : {}),
    skills: (c.skills ?? []).map(s => s.id),
    tools: toolNames(c.mcp ?? []),
    updatedAt: new Date(c.updatedAtMs).toISOString(), ageSeconds: Math.max(0, Math.round((nowMs - c.updatedAtMs) / 1000))
  }
}

/**
 * `dht`: also ask the DHT for the providers of the skill id (bounded by DHT_TIMEOUT_MS) whose node hosts none of
 * the seats found here; the cards they answer are accepted like any card and ranked with the rest.
 */
export async function findSeats (core: Core, node: NodeView, wake: WakeService, q: CapabilityQuery, dht = false): Promise<FindReport> {
  const query = checkQuery(q)
  if (dht && query.skill === undefined) throw new MeshError('USAGE', '--dht searches by skill id: name a --skill')
  let searched: SkillSearch | undefined
  if (dht && query.skill !== undefined && core.searchSkill !== undefined) {
    searched = await core.searchSkill(query.skill, new Set(core.directory.withCapability(query).map(c => c.peerId)))
  }
  const cards = core.directory.withCapability(query)
  const live = await liveness(core, node, wake, cards)
  const now = Date.now()
  return { query, seats: rank(cards.map((c, i) => ({ ...found(c, now), ...live[i] }))), ...(searched !== undefined ? { dht: searched } : {}) }
}

/** The seat `skill:ID` resolves to for a sender: the best one found that is not the sender itself. */
export async function skillSeat (core: Core, node: NodeView, wake: WakeService, skill: string, from: string): Promise<string> {
  const r = await findSeats(core, node, wake, { skill })
  const best = r.seats.find(s => s.handle !== from && s.skills.includes(skill))
  if (best === undefined) throw new MeshError('NO_SKILL_MATCH', `no seat known here other than ${from} states the skill ${skill}; nothing was sent`)
  return best.handle
}
