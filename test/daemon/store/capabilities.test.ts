// Migration 022: a seat's skills and MCP servers live in the actors table; a version-21 database gains the column with
// its seats stating none, and capabilities set afterwards are read back after a reopen.
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { Store, type ActorRow } from '../../../daemon/store/index.js'
import { tempDir } from '../../helpers/cli.js'

const seat = (handle: string): ActorRow => ({ handle, actorKey: `key-${handle}`, carrier: 'shell', requireEnv: [], hosted: true, createdAtMs: 1, roles: [] })
const review = { id: 'code-review', name: 'Code review', description: 'Reviews TypeScript changes', tags: ['typescript'] }

describe('seat capabilities (migration 022)', () => {
  it('a version-21 database is migrated: its seats state nothing, and skills set later survive a reopen; [] drops them', () => {
    const path = join(tempDir(), 'node.db')
    const s1 = Store.open(path)
    s1.identity.insertActor(seat('agent-a'))
    s1.db.exec('ALTER TABLE actors DROP COLUMN capabilities') // the actors table as version 21 had it
    s1.db.exec('ALTER TABLE messages DROP COLUMN state_pad') // what 023 added
    s1.db.exec('ALTER TABLE outbox DROP COLUMN message_id') // what 024 added (its tables it builds again from what it finds)
    s1.db.pragma('user_version = 21')
    s1.close()

    const s2 = Store.open(path)
    expect(s2.db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(22)
    expect(s2.identity.actor('agent-a')).not.toHaveProperty('skills')
    s2.identity.setCapabilities('agent-a', { skills: [review], mcp: [{ server: 'github', tools: ['create_issue'] }] })
    expect(s2.identity.actor('agent-a')?.skills).toEqual([review]) // the seat cache dropped the old row
    s2.identity.insertActor({ ...seat('agent-b'), mcp: [{ server: 'fs' }] })
    s2.close()

    const s3 = Store.open(path)
    expect(s3.identity.actors().map(a => [a.handle, a.skills, a.mcp])).toEqual([
      ['agent-a', [review], [{ server: 'github', tools: ['create_issue'] }]], ['agent-b', undefined, [{ server: 'fs' }]]])
    s3.identity.setCapabilities('agent-a', { skills: [], mcp: [] })
    expect(s3.identity.actor('agent-a')).not.toHaveProperty('skills')
    expect(s3.identity.actor('agent-a')).not.toHaveProperty('mcp')
    s3.close()
  })
})
