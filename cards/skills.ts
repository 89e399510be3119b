// Capabilities a seat states in its signed card: A2A skills after the built-in notify skill, and the MCP servers and
// tools it has in the mesh extension. Bounded so that no peer's card can make a search slow or a card large.
import { refuse, type Refusal } from './errors.js'

export const SKILL_PREFIX = 'skill:'
export const SKILL_ID_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/ // safe in addresses (skill:ID), tables and file names
export const TAG_PATTERN = /^[a-z0-9][a-z0-9._-]{0,31}$/ // one word, matched exactly by find --tag
export const MCP_SERVER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/ // an MCP server's name in its client's config
export const MCP_TOOL_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/ // the MCP spec's tool names: 1-128 of A-Z a-z 0-9 _ - .
export const MAX_SKILLS_PER_SEAT = 32 // a seat does a few things well; every card and every search carries the list
export const MAX_TAGS_PER_SKILL = 16
export const MAX_EXAMPLES_PER_SKILL = 4
export const MAX_SKILL_NAME_BYTES = 64 // a name for a table column
export const MAX_SKILL_DESCRIPTION_BYTES = 512 // a sentence or two on what the skill does
export const MAX_SKILL_EXAMPLE_BYTES = 256 // one example request
export const MAX_MCP_SERVERS = 16
export const MAX_MCP_TOOLS = 256 // over all servers: the tool lists of a few MCP servers
// What skills and MCP lists may weigh together (JSON): half of MAX_CARD_BYTES, the rest is the card's own facts.
export const MAX_CAPABILITY_BYTES = 32 * 1024

/** An A2A 1.0 AgentSkill, with the fields this mesh signs. */
export interface SeatSkill {
  id: string
  name: string
  description: string
  tags: string[]
  examples?: string[]
}

/** An MCP server a seat has, with the tools it offers (left out: not listed). */
export interface McpServer {
  server: string
  tools?: string[]
}

/** The built-in skill every card states first: the mesh's own verb. */
export const NOTIFY_SKILL: SeatSkill = {
  id: 'notify',
  name: 'notify',
  description: 'Receives a message as an obligation and answers with signed receipts up to COMPLETE with evidence',
  tags: ['messaging', 'obligation']
}

const SKILL_FIELDS = new Set(['id', 'name', 'description', 'tags', 'examples'])
const MCP_FIELDS = new Set(['server', 'tools'])

export function isValidSkillId (id: unknown): id is string {
  return typeof id === 'string' && SKILL_ID_PATTERN.test(id)
}

/** The skill an address names (`skill:ID`), else undefined; the ID is not checked here (notify says what is wrong). */
export function skillOfAddress (address: string): string | undefined {
  return typeof address === 'string' && address.startsWith(SKILL_PREFIX) ? address.slice(SKILL_PREFIX.length) : undefined
}

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8')
const textOf = (v: unknown, max: number): v is string => typeof v === 'string' && v !== '' && bytes(v) <= max

/** Why one skill is not as this mesh signs skills, or undefined when it is. */
export function skillProblem (s: unknown): string | undefined {
  if (s === null || typeof s !== 'object' || Array.isArray(s)) return 'a skill is an object'
  const o = s as Record<string, unknown>
  const extra = Object.keys(o).find(k => !SKILL_FIELDS.has(k))
  if (extra !== undefined) return `a skill has a field outside id, name, description, tags, examples: ${extra}`
  if (!isValidSkillId(o.id)) return `skill id ${JSON.stringify(o.id)} is not 1-64 of a-z 0-9 . _ - starting with a letter or digit`
  if (!textOf(o.name, MAX_SKILL_NAME_BYTES)) return `skill ${o.id}: the name is 1 to ${MAX_SKILL_NAME_BYTES} bytes of text`
  if (!textOf(o.description, MAX_SKILL_DESCRIPTION_BYTES)) return `skill ${o.id}: the description is 1 to ${MAX_SKILL_DESCRIPTION_BYTES} bytes of text`
  const tags = o.tags
  if (!Array.isArray(tags) || tags.length < 1 || tags.length > MAX_TAGS_PER_SKILL || tags.some(t => typeof t !== 'string' || !TAG_PATTERN.test(t)) ||
    new Set(tags).size !== tags.length) {
    return `skill ${o.id}: tags are 1 to ${MAX_TAGS_PER_SKILL} distinct words of 1-32 of a-z 0-9 . _ -`
  }
  const ex = o.examples
  if (ex !== undefined && (!Array.isArray(ex) || ex.length < 1 || ex.length > MAX_EXAMPLES_PER_SKILL || ex.some(e => !textOf(e, MAX_SKILL_EXAMPLE_BYTES)))) {
    return `skill ${o.id}: examples are 1 to ${MAX_EXAMPLES_PER_SKILL} texts of at most ${MAX_SKILL_EXAMPLE_BYTES} bytes`
  }
  return undefined
}

/** Why a seat's skill list (notify not in it) is not as this mesh signs it, or undefined when it is. */
export function skillsProblem (skills: readonly unknown[]): string | undefined {
  if (skills.length > MAX_SKILLS_PER_SEAT) return `a seat states at most ${MAX_SKILLS_PER_SEAT} skills, not ${skills.length}`
  const ids = new Set<string>([NOTIFY_SKILL.id])
  for (const s of skills) {
    const p = skillProblem(s)
    if (p !== undefined) return p
    const id = (s as SeatSkill).id
    if (ids.has(id)) return `skill id ${id} is stated twice (notify is every seat's own)`
    ids.add(id)
  }
  return undefined
}

/** Why an MCP server list is not as this mesh signs it, or undefined when it is. */
export function mcpProblem (mcp: unknown): string | undefined {
  if (!Array.isArray(mcp) || mcp.length < 1 || mcp.length > MAX_MCP_SERVERS) return `the MCP list names 1 to ${MAX_MCP_SERVERS} servers`
  const names = new Set<string>()
  let tools = 0
  for (const m of mcp) {
    if (m === null || typeof m !== 'object' || Array.isArray(m)) return 'an MCP server is an object'
    const o = m as Record<string, unknown>
    const extra = Object.keys(o).find(k => !MCP_FIELDS.has(k))
    if (extra !== undefined) return `an MCP server has a field outside server, tools: ${extra}`
    if (typeof o.server !== 'string' || !MCP_SERVER_PATTERN.test(o.server)) return `MCP server ${JSON.stringify(o.server)} is not 1-64 of A-Z a-z 0-9 . _ -`
    if (names.has(o.server)) return `MCP server ${o.server} is named twice`
    names.add(o.server)
    if (o.tools === undefined) continue
    if (!Array.isArray(o.tools) || o.tools.length < 1 || o.tools.some(t => typeof t !== 'string' || !MCP_TOOL_PATTERN.test(t)) ||
      new Set(o.tools).size !== o.tools.length) return `MCP server ${o.server}: tools are distinct names of 1-128 of A-Z a-z 0-9 _ - .`
    tools += o.tools.length
    if (tools > MAX_MCP_TOOLS) return `a seat lists at most ${MAX_MCP_TOOLS} MCP tools`
  }
  return undefined
}

/** An MCP list as tables show it: SERVER/TOOL for each tool, SERVER alone for a server listed without tools. */
export function toolNames (mcp: readonly McpServer[]): string[] {
  return mcp.flatMap(m => m.tools === undefined ? [m.server] : m.tools.map(t => `${m.server}/${t}`))
}

/** Skills and MCP servers together fit MAX_CAPABILITY_BYTES, or why not. */
export function capabilitySizeProblem (skills: readonly SeatSkill[], mcp: readonly McpServer[]): string | undefined {
  const n = bytes(JSON.stringify({ skills, mcp }))
  return n > MAX_CAPABILITY_BYTES ? `the skills and MCP servers come to ${n} bytes; the limit is ${MAX_CAPABILITY_BYTES}` : undefined
}

/**
 * The seat's own skills and MCP servers a card states: skills[0] is the built-in notify skill, the rest are the
 * seat's; refused as malformed when any is not what buildCard signs.
 */
export function capabilitiesOf (skills: unknown, mcp: unknown): { ok: true, skills: SeatSkill[], mcp: McpServer[] } | Refusal {
  if (!Array.isArray(skills) || skills.length < 1 || skills.length > MAX_SKILLS_PER_SEAT + 1) {
    return refuse('CARD_MALFORMED', `the card's skills are the notify skill and at most ${MAX_SKILLS_PER_SEAT} more`)
  }
  if ((skills[0] as { id?: unknown } | null)?.id !== NOTIFY_SKILL.id) return refuse('CARD_MALFORMED', 'the card\'s first skill is not notify')
  const own = skills.slice(1)
  const sp = skillsProblem(own)
  if (sp !== undefined) return refuse('CARD_MALFORMED', `the card's skills: ${sp}`)
  const servers = mcp === undefined ? [] : mcp
  const mp = mcp === undefined ? undefined : mcpProblem(mcp)
  if (mp !== undefined) return refuse('CARD_MALFORMED', `the mesh extension mcp: ${mp}`)
  const size = capabilitySizeProblem(own as SeatSkill[], servers as McpServer[])
  if (size !== undefined) return refuse('CARD_MALFORMED', size)
  return { ok: true, skills: own as SeatSkill[], mcp: servers as McpServer[] }
}
