// A seat's skills and MCP servers as `actor add --skill/--skills FILE` gives them: validated strictly, shaped as the
// card signs them, refused with SKILLS_INVALID in one line before anything changes.
import { readFileSync, statSync } from 'node:fs'
import { z } from 'zod'
import {
  MAX_SKILL_NAME_BYTES, MeshError, SKILL_ID_PATTERN, capabilitySizeProblem, mcpProblem, skillsProblem, type McpServer, type SeatSkill
} from '../../cards/index.js'
import type { Capabilities } from '../store/index.js'
import { MAX_MODEL_BYTES } from '../limits/index.js'

export const MAX_MANIFEST_BYTES = 64 * 1024 // a manifest states at most what one card can carry

/** One skill as a manifest or `--skill NAME[:DESCRIPTION]` gives it: id, description and tags may be left out. */
export interface SkillInput {
  id?: string
  name: string
  description?: string
  tags?: string[]
  examples?: string[]
}

const skillSchema = z.strictObject({
  id: z.string().optional(),
  name: z.string().min(1),
  description: z.string().min(1).optional(),
  tags: z.array(z.string()).optional(),
  examples: z.array(z.string()).optional()
})

const manifestSchema = z.strictObject({
  skills: z.array(skillSchema).optional(),
  mcp: z.array(z.strictObject({ server: z.string(), tools: z.array(z.string()).optional() })).optional(),
  model: z.string().min(1).optional()
})

export interface SkillsManifest { skills: SkillInput[], mcp: McpServer[], model?: string }

function invalid (where: string, why: string): MeshError {
  return new MeshError('SKILLS_INVALID', `${where}: ${why}`)
}

/** The first zod issue, in one line: where in the manifest, and what is wrong. */
function firstIssue (err: z.ZodError): string {
  const i = err.issues[0]
  const path = i.path.map(p => typeof p === 'number' ? `[${p}]` : `.${String(p)}`).join('').replace(/^\./, '')
  return `${path === '' ? 'the manifest' : path}: ${i.message}`
}

/** A manifest's text as JSON, checked field by field; unknown fields are refused, not ignored. */
export function parseSkillsManifest (text: string, where = 'the manifest'): SkillsManifest {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw invalid(where, 'not JSON')
  }
  const r = manifestSchema.safeParse(json)
  if (!r.success) throw invalid(where, firstIssue(r.error))
  const m = r.data
  if (m.model !== undefined && Buffer.byteLength(m.model, 'utf8') > MAX_MODEL_BYTES) throw invalid(where, `the model has more than ${MAX_MODEL_BYTES} bytes`)
  const mcp = (m.mcp ?? []).map(s => s.tools === undefined || s.tools.length === 0 ? { server: s.server } : { server: s.server, tools: s.tools })
  return { skills: m.skills ?? [], mcp, ...(m.model !== undefined ? { model: m.model } : {}) }
}

export function readSkillsManifest (file: string): SkillsManifest {
  let text: string
  try {
    if (statSync(file).size > MAX_MANIFEST_BYTES) throw invalid(file, `a manifest has at most ${MAX_MANIFEST_BYTES} bytes`)
    text = readFileSync(file, 'utf8')
  } catch (err) {
    if (err instanceof MeshError) throw err
    throw new MeshError('FILE_UNREADABLE', `cannot read ${file}`, { cause: err })
  }
  return parseSkillsManifest(text, file)
}

/** The id a skill is addressed by (skill:ID): given, or made of its name (lowercase, runs of other characters as -). */
function skillId (s: SkillInput): string {
  if (s.id !== undefined) return s.id
  const id = s.name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[^a-z0-9]+/, '').slice(0, 64).replace(/-+$/, '')
  if (!SKILL_ID_PATTERN.test(id)) throw invalid('skill', `${JSON.stringify(s.name.slice(0, MAX_SKILL_NAME_BYTES))} makes no id: give one ("id")`)
  return id
}

/** Skills as the card signs them: id, name, description (the name when left out), tags (the id when none), examples. */
export function seatSkills (inputs: readonly SkillInput[]): SeatSkill[] {
  return inputs.map(s => {
    const id = skillId(s)
    const tags = s.tags !== undefined && s.tags.length > 0 ? s.tags : [id.slice(0, 32).replace(/[._-]+$/, '')]
    return { id, name: s.name, description: s.description ?? s.name, tags, ...(s.examples !== undefined && s.examples.length > 0 ? { examples: s.examples } : {}) }
  })
}

/** Checks skills and MCP servers against every limit a card's verifier applies, so no node signs a card others refuse. */
export function checkCapabilities (c: Capabilities, where = 'skills'): Capabilities {
  const p = skillsProblem(c.skills) ?? (c.mcp.length > 0 ? mcpProblem(c.mcp) : undefined) ?? capabilitySizeProblem(c.skills, c.mcp)
  if (p !== undefined) throw invalid(where, p)
  return c
}

/** `--skill NAME[:DESCRIPTION]`: the name before the first colon, the description after it. */
export function skillFromSpec (spec: string, tags?: string[]): SkillInput {
  const at = spec.indexOf(':')
  const name = (at < 0 ? spec : spec.slice(0, at)).trim()
  const description = at < 0 ? undefined : spec.slice(at + 1).trim()
  if (name === '') throw invalid('--skill', `${JSON.stringify(spec)} names no skill: give NAME or NAME:DESCRIPTION`)
  return { name, ...(description !== undefined && description !== '' ? { description } : {}), ...(tags !== undefined && tags.length > 0 ? { tags } : {}) }
}

/** Validates what a control call gives as skill inputs (the CLI's --skill, or any client's list). */
export function skillInputs (v: unknown): SkillInput[] {
  const r = z.array(skillSchema).safeParse(v)
  if (!r.success) throw invalid('skills', firstIssue(r.error))
  return r.data
}
