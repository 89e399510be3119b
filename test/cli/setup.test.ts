// The setup commands end to end in temp homes, with no daemon: init, mesh, actor, card — and their errors.
import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, errorCode, ok, tempDir } from '../helpers/cli.js'

const LISTEN = ['--listen', '/ip4/127.0.0.1/tcp/0']

async function ownerHome (handle = 'agent-a'): Promise<{ home: string, meshKey: string }> {
  const home = tempDir()
  await ok(home, ['init', ...LISTEN])
  const { meshKey } = await ok(home, ['mesh', 'create', '--json'])
  await ok(home, ['actor', 'add', handle, '--carrier', 'claude-code', '--model', 'opus'])
  return { home, meshKey }
}

describe('setup commands', () => {
  it('init is idempotent and keeps keys private', async () => {
    const home = tempDir()
    const first = await ok(home, ['init', ...LISTEN, '--json'])
    const again = await ok(home, ['init', '--json'])
    expect(first.created).toBe(true)
    expect(again.created).toBe(false)
    expect(again.peerId).toBe(first.peerId)
    expect(statSync(join(home, 'node.key')).mode & 0o777).toBe(0o600)
    expect(statSync(home).mode & 0o777).toBe(0o700)
    await ok(home, ['mesh', 'create'])
    expect(statSync(join(home, 'mesh.key')).mode & 0o777).toBe(0o600)
  })

  it('init --relay turns the relay on in the config, --no-relay off; a plain init again keeps it', async () => {
    const home = tempDir()
    const config = (): any => JSON.parse(readFileSync(join(home, 'config.json'), 'utf8'))
    expect((await ok(home, ['init', ...LISTEN, '--json'])).relay).toBeUndefined()
    expect(config().relay).toBeUndefined()
    expect((await ok(home, ['init', '--relay', '--json'])).relay).toBe(true)
    expect(config().relay).toBe(true)
    expect((await ok(home, ['init', '--json'])).relay).toBe(true)
    expect((await ok(home, ['init', '--no-relay', '--json'])).relay).toBe(false)
    expect(config().relay).toBe(false)
  })

  it('init --announce adds addresses to what the node finds, --announce-only states exactly them; --announce-only alone is refused', async () => {
    const home = tempDir()
    const fresh = tempDir()
    const config = (): any => JSON.parse(readFileSync(join(home, 'config.json'), 'utf8'))
    // the refusal in a fresh home runs beside the steps in the other home: they share nothing
    const refusal = cli(fresh, ['init', '--announce-only'])
    await ok(home, ['init', ...LISTEN, '--json'])
    const r = await ok(home, ['init', '--announce', '/ip4/203.0.113.7/tcp/7733', '--json'])
    expect([r.announce, r.announceOnly]).toEqual([['/ip4/203.0.113.7/tcp/7733'], false])
    expect((await ok(home, ['init', '--announce-only', '--json'])).announceOnly).toBe(true)
    expect(config()).toMatchObject({ announce: ['/ip4/203.0.113.7/tcp/7733'], announceOnly: true })
    const bad = await refusal
    expect(errorCode(bad)).toBe('CONFIG_INVALID')
    expect(bad.stderr.trim().split('\n')).toHaveLength(1)
    expect(readdirSync(fresh)).toEqual([]) // refused before anything is written
  })

  it('signs a card that verifies, and any change to a signed field fails with a code', async () => {
    const { home } = await ownerHome()
    const text = await ok(home, ['card', 'show', 'agent-a', '--a2a'])
    const file = join(home, 'card.json')
    writeFileSync(file, text)
    const verdict = await ok(home, ['card', 'verify', file, '--json'])
    expect(verdict).toMatchObject({ ok: true, handle: 'agent-a', seq: 1 })

    const card = JSON.parse(text)
    const edits: Array<[string, (c: any) => void]> = [
      ['name', c => { c.name = 'agent-z' }],
      ['description', c => { c.description += '!' }],
      ['version', c => { c.version = '9.9.9' }],
      ['interface url', c => { c.supportedInterfaces[0].url = '/ip4/127.0.0.2/tcp/1' }],
      ['seq', c => { c.capabilities.extensions[0].params.seq = 2 }],
      ['peer id', c => { c.capabilities.extensions[0].params.peerId = '12D3KooWRmVfXQ6Hb7PaSgW3tiH1UU3tdr6T8Wn6jjbQmDqLd4Ux' }],
      ['carrier', c => { c.capabilities.extensions[0].params.carrier = 'codex' }],
      ['multiaddrs', c => { c.capabilities.extensions[0].params.multiaddrs.push('/ip4/10.1.1.1/tcp/1') }],
      ['skill', c => { c.skills[0].description = 'other' }],
      ['input modes', c => { c.defaultInputModes.push('application/json') }],
      ['signature', c => { c.signatures[0].signature = c.signatures[0].signature.replace(/^./, (ch: string) => (ch === 'A' ? 'B' : 'A')) }]
    ]
    // each edited copy in its own file, verified side by side (verify reads the file and writes nothing)
    const results = await Promise.all(edits.map(async ([what, edit], i) => {
      const copy = structuredClone(card)
      edit(copy)
      const edited = join(home, `card.${i}.json`)
      writeFileSync(edited, JSON.stringify(copy))
      return [what, await cli(home, ['card', 'verify', edited])] as const
    }))
    for (const [what, r] of results) {
      expect(errorCode(r), what).toMatch(/^CARD_/)
      expect(r.code, what).toBe(3)
    }
  })

  it('refuses a card of another mesh until that mesh is trusted', async () => {
    const [a, b] = await Promise.all([ownerHome('agent-a'), ownerHome('agent-b')])
    const file = join(a.home, 'b.json')
    writeFileSync(file, await ok(b.home, ['card', 'show', 'agent-b', '--a2a']))
    const [imported, verified] = await Promise.all([cli(a.home, ['card', 'import', file]), cli(a.home, ['card', 'verify', file])])
    expect(errorCode(imported)).toBe('CARD_NOT_ENDORSED')
    expect(errorCode(verified)).toBe('CARD_NOT_ENDORSED')
    await ok(a.home, ['mesh', 'trust', b.meshKey])
    expect(await ok(a.home, ['card', 'import', file, '--json'])).toMatchObject({ handle: 'agent-b', seq: 1, status: 'new' })
    expect(await ok(a.home, ['card', 'import', file, '--json'])).toMatchObject({ status: 'unchanged' })
    const shown = JSON.parse(await ok(a.home, ['card', 'show', 'agent-b', '--a2a']))
    expect(shown.name).toBe('agent-b')
  })

  it('a second home joins through admission request, mesh admit and actor endorse', async () => {
    const seat = tempDir()
    const [owner] = await Promise.all([ownerHome('agent-a'), ok(seat, ['init', ...LISTEN])])
    expect((await ok(owner.home, ['mesh', 'show', '--json'])).meshKey).toBe(owner.meshKey)
    await ok(seat, ['mesh', 'trust', owner.meshKey])
    const added = await ok(seat, ['actor', 'add', 'agent-b', '--json'])
    expect(added.endorsed).toBe(false)
    // without an endorsement there is no card to show
    expect(errorCode(await cli(seat, ['card', 'show', 'agent-b']))).toBe('CARD_NOT_ENDORSED')

    const out = join(owner.home, 'b.endorsement.json')
    const admitted = (await ok(owner.home, ['mesh', 'admit', added.request, '--out', out])).trim()
    expect(admitted).toBe(out)
    // the seat home cannot admit: it has no mesh owner key
    expect(errorCode(await cli(seat, ['mesh', 'admit', added.request]))).toBe('MESH_NOT_OWNER')
    await ok(seat, ['actor', 'endorse', 'agent-b', out])
    expect((await ok(seat, ['actor', 'list', '--json']))[0]).toMatchObject({ handle: 'agent-b', endorsed: true, cardSeq: 1 })

    const file = join(owner.home, 'agent-b.card.json')
    writeFileSync(file, await ok(seat, ['card', 'show', 'agent-b', '--a2a']))
    expect(await ok(owner.home, ['card', 'import', file, '--json'])).toMatchObject({ handle: 'agent-b', status: 'new' })

    // an endorsement for another seat's key is refused
    await ok(seat, ['actor', 'add', 'agent-c'])
    expect(errorCode(await cli(seat, ['actor', 'endorse', 'agent-c', out]))).toBe('CARD_NOT_ENDORSED')

    // revoked: the owner refuses the card from now on, and will not admit the key again
    await ok(owner.home, ['mesh', 'revoke', 'agent-b'])
    const again = await cli(owner.home, ['card', 'import', file])
    expect(errorCode(again)).toBe('CARD_REVOKED')
    expect(errorCode(await cli(owner.home, ['mesh', 'admit', added.request]))).toBe('CARD_REVOKED')
  })

  it('a refreshed card gets seq + 1 only when a fact changes', async () => {
    const { home } = await ownerHome()
    const seq = async (): Promise<number> => JSON.parse(await ok(home, ['card', 'show', 'agent-a', '--a2a'])).capabilities.extensions[0].params.seq
    expect(await seq()).toBe(1)
    expect(await seq()).toBe(1)
    await ok(home, ['actor', 'add', 'agent-a', '--pane', '%7'])
    expect(await seq()).toBe(2)
    expect(JSON.parse(await ok(home, ['card', 'show', 'agent-a', '--a2a'])).capabilities.extensions[0].params.pane).toBe('%7')
  })

  it('picks up the tmux pane and socket when run inside tmux', async () => {
    const home = tempDir()
    await ok(home, ['init', ...LISTEN])
    await ok(home, ['mesh', 'create'])
    await ok(home, ['actor', 'add', 'agent-t'], { TMUX: '/tmp/tmux-0/default,123,0', TMUX_PANE: '%12' })
    expect((await ok(home, ['actor', 'list', '--json']))[0]).toMatchObject({ pane: '%12', tmuxSocket: '/tmp/tmux-0/default' })
  })

  it('answers bad input with one coded line and a non-zero exit', async () => {
    const { home } = await ownerHome()
    const bad = join(home, 'bad.json')
    writeFileSync(bad, '{"name": "agent-a", ')
    // each is refused before anything is written, so they run side by side
    const [verifyBad, importBad, missing, usage, unknown, handle, carrier, key, uninit] = await Promise.all([
      cli(home, ['card', 'verify', bad]),
      cli(home, ['card', 'import', bad]),
      cli(home, ['card', 'verify', join(home, 'missing.json')]),
      cli(home, ['card', 'show', '--bogus']),
      cli(home, ['frobnicate']),
      cli(home, ['actor', 'add', 'Bad Handle']),
      cli(home, ['actor', 'add', 'agent-x', '--carrier', 'emacs']),
      cli(home, ['mesh', 'trust', 'not-a-key']),
      cli(tempDir(), ['actor', 'list'])
    ])
    expect(errorCode(verifyBad)).toBe('CARD_MALFORMED')
    expect(errorCode(importBad)).toBe('CARD_MALFORMED')
    expect(errorCode(missing)).toBe('FILE_UNREADABLE')
    expect(errorCode(usage)).toBe('USAGE')
    expect(usage.code).toBe(2)
    expect(errorCode(unknown)).toBe('USAGE')
    expect(errorCode(handle)).toBe('HANDLE_INVALID')
    expect(errorCode(carrier)).toBe('CARRIER_UNKNOWN')
    expect(errorCode(key)).toBe('KEY_INVALID')
    expect(errorCode(uninit)).toBe('NOT_INITIALIZED')

    const keyFile = join(home, 'node.key')
    writeFileSync(keyFile, readFileSync(keyFile, 'utf8').slice(0, 40))
    const corrupt = await cli(home, ['card', 'show', 'agent-a'])
    expect(errorCode(corrupt)).toBe('KEY_CORRUPT')
    expect(corrupt.stderr).not.toMatch(/\n\s+at /)

    writeFileSync(join(home, 'config.json'), '{"version": 1, "listen": ["not a multiaddr"]}')
    expect(errorCode(await cli(home, ['actor', 'list']))).toBe('CONFIG_INVALID')
  })
})
