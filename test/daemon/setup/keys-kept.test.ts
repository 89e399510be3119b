// A key is an identity: a key file already in the home is never written over, and a home that owned a mesh never
// acts as one that did not because its mesh key file is gone. Real homes through the CLI.
import { existsSync, readFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generateKeyPair } from '../../../cards/index.js'
import { writeKeyFile } from '../../../daemon/home/files.js'
import { cli, errorCode, ok, tempDir } from '../../helpers/cli.js'
import { createMesh, query } from '../../helpers/mesh.js'

async function ownerHome (): Promise<string> {
  const home = join(tempDir(), 'home')
  await ok(home, ['init', '--listen', '/ip4/127.0.0.1/tcp/0'])
  await ok(home, ['mesh', 'create'])
  return home
}

describe('keys kept', () => {
  it('a seat added again where its key file outlived its row keeps that key', async () => {
    const home = await ownerHome()
    const first = await ok(home, ['actor', 'add', 'alice', '--json'])
    const keyFile = readFileSync(join(home, 'keys', 'alice.key'), 'utf8')
    // the store from before the seat (a backup restored): its row is gone, its key file is not
    for (const f of ['node.db', 'node.db-wal', 'node.db-shm']) if (existsSync(join(home, f))) renameSync(join(home, f), join(home, `${f}.moved`))
    await ok(home, ['mesh', 'create']) // the same mesh: mesh.key is there
    const again = await ok(home, ['actor', 'add', 'alice', '--json'])
    expect(again.actorKey).toBe(first.actorKey)
    expect(readFileSync(join(home, 'keys', 'alice.key'), 'utf8')).toBe(keyFile)
  })

  it('a home whose mesh key file is gone refuses to add a seat or make a new mesh, and changes nothing', async () => {
    const home = await ownerHome()
    const mesh = (await ok(home, ['mesh', 'show', '--json'])).meshKey
    renameSync(join(home, 'mesh.key'), join(home, 'mesh.key.moved'))
    const add = await cli(home, ['actor', 'add', 'bob'])
    expect(errorCode(add)).toBe('MESH_KEY_MISSING')
    expect(add.stderr.trim().split('\n')).toHaveLength(1)
    expect(existsSync(join(home, 'keys', 'bob.key'))).toBe(false)
    expect(query(home, "SELECT count(*) AS n FROM actors WHERE handle = 'bob'")[0].n).toBe(0)
    expect(errorCode(await cli(home, ['mesh', 'create']))).toBe('MESH_KEY_MISSING')
    expect(existsSync(join(home, 'mesh.key'))).toBe(false)
    expect(query(home, 'SELECT mesh_key FROM meshes').map(r => r.mesh_key)).toEqual([mesh])
  })

  it('a seat moved in where another key of its handle was left is refused KEY_EXISTS before anything changes', async () => {
    const [a, b] = await createMesh(2, { start: false })
    const out = join(b.home, 'agent-b.seat.json')
    await ok(b.home, ['actor', 'export', 'agent-b', '--out', out])
    const left = generateKeyPair()
    writeKeyFile(join(a.home, 'keys', 'agent-b.key'), left) // from a seat of that handle that lived at a before
    const cards = (): unknown[] => query(a.home, "SELECT seq, actor_key FROM cards WHERE handle = 'agent-b'")
    const before = cards()
    const r = await cli(a.home, ['actor', 'import', out])
    expect(errorCode(r)).toBe('KEY_EXISTS')
    expect(query(a.home, "SELECT count(*) AS n FROM actors WHERE handle = 'agent-b' AND hosted = 1")[0].n).toBe(0)
    expect(cards()).toEqual(before)
  })
})
