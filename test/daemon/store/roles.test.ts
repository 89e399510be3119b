// Migration 017: a seat's roles live in the actors table; a version-16 database gains the column with its seats
// holding no role, and roles set afterwards are read back after a reopen.
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { Store, type ActorRow } from '../../../daemon/store/index.js'
import { tempDir } from '../../helpers/cli.js'

const seat = (handle: string, roles: string[]): ActorRow => ({
  handle, actorKey: `key-${handle}`, carrier: 'shell', requireEnv: [], hosted: true, createdAtMs: 1, roles
})

describe('seat roles (migration 017)', () => {
  it('a version-16 database is migrated: its seats hold no role, and roles set later survive a reopen', () => {
    const path = join(tempDir(), 'node.db')
    const s1 = Store.open(path)
    s1.identity.insertActor(seat('agent-a', []))
    // the actors table as version 16 had it
    s1.db.exec('ALTER TABLE actors DROP COLUMN roles')
    s1.db.exec('DROP INDEX messages_auditor; ALTER TABLE messages DROP COLUMN auditor') // what 021 added
    s1.db.exec('ALTER TABLE actors DROP COLUMN capabilities') // what 022 added
    s1.db.exec('ALTER TABLE messages DROP COLUMN state_pad') // what 023 added
    s1.db.exec('ALTER TABLE outbox DROP COLUMN message_id') // what 024 added (its tables it builds again from what it finds)
    s1.db.pragma('user_version = 16')
    s1.close()

    const s2 = Store.open(path)
    expect(s2.db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(17)
    expect(s2.identity.actor('agent-a')?.roles).toEqual([])
    s2.identity.setRoles('agent-a', ['builder', 'reviewer'])
    expect(s2.identity.actor('agent-a')?.roles).toEqual(['builder', 'reviewer']) // the seat cache dropped the old row
    s2.identity.insertActor(seat('agent-b', ['tester']))
    s2.close()

    const s3 = Store.open(path)
    expect(s3.identity.actors().map(a => [a.handle, a.roles])).toEqual([['agent-a', ['builder', 'reviewer']], ['agent-b', ['tester']]])
    s3.close()
  })
})
