// doctor: a missing contract variable refuses the wake and fails doctor naming it; the service's environment
// file plus a restart heal it and doctor is all OK; with no daemon it says so; peers and clock skew from real data.
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseEnvFile } from '../../../daemon/service/index.js'
import { cli, errorCode, ok, tempDir } from '../../helpers/cli.js'
import { createMesh, waitFor } from '../../helpers/mesh.js'
import { TmuxServer } from '../wake/tmux-server.js'

const VAR = 'AIOS_TEST_CARRIER_TOKEN'

/** A throwaway user: the service goes into its HOME, and no service manager is ever called. */
function user (): NodeJS.ProcessEnv {
  const home = tempDir('aios-user-')
  return { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), AIOS_COMM_SERVICE_MANAGER: 'none' }
}

const check = (r: any, name: string): any => r.checks.find((c: any) => c.name === name)

describe('doctor', () => {
  it('a seat missing its variable: the wake is refused with the code, doctor fails naming it; the env file and a restart heal it', async () => {
    expect(process.env[VAR]).toBeUndefined()
    const [a] = await createMesh(1)
    const tmux = await TmuxServer.start()
    const pane = await tmux.newPane()
    await a.daemon.call('actor.add', { handle: 'agent-a', carrier: 'command', command: 'true' })
    await a.daemon.call('actor.add', { handle: 'agent-b', carrier: 'claude-code', pane, tmuxSocket: tmux.socket, requireEnv: [VAR] })
    const { obligation } = await a.daemon.call('notify', { as: 'agent-a', to: 'agent-b', text: 'wake up' })
    const [refused] = await waitFor('the refused wake', async () => await a.daemon.call('wakes', { handle: 'agent-b' }), l => l.length > 0)
    expect(refused).toMatchObject({ result: 'failed', code: 'CONTRACT_ENV_MISSING', obligation })
    expect(refused.error).toContain(VAR)
    expect(await tmux.received(pane)).toEqual([])

    const env = user()
    const broken = await cli(a.home, ['doctor', '--json'], env)
    expect(errorCode(broken)).toBe('DOCTOR_FAILED')
    const report = JSON.parse(broken.stdout)
    expect(report.ok).toBe(false)
    expect(check(report, 'seat agent-b')).toMatchObject({ ok: false, fix: expect.stringContaining(`export ${VAR}=`) })
    expect(check(report, 'seat agent-b').detail).toMatch(new RegExp(`^CONTRACT_ENV_MISSING: ${VAR} is not set in the daemon's environment`))
    expect(check(report, 'service installed')).toMatchObject({ ok: false, fix: 'aios-comm service install' })
    const table = await cli(a.home, ['doctor'], env)
    expect(table.code).toBe(1)
    expect(table.stdout).toMatch(new RegExp(`seat agent-b +FAIL +CONTRACT_ENV_MISSING: ${VAR}`))

    // the service keeps the variable in its environment file; a restart with that environment heals the seat
    expect(errorCode(await cli(a.home, ['service', 'install'], env))).toBe('SERVICE_ENV_MISSING')
    await ok(a.home, ['service', 'install', '--json'], { ...env, [VAR]: 'token-1' })
    const envFile = join(a.home, 'service.env')
    const vars = Object.fromEntries(parseEnvFile(readFileSync(envFile, 'utf8')))
    expect(vars[VAR]).toBe('token-1')
    await a.daemon.stop()
    await a.daemon.start(vars)
    expect(await waitFor('the wake after the restart', async () => await tmux.received(pane), l => l.length > 0))
      .toEqual([`aios-comm: 1 new for agent-b (${obligation}): run \`aios-comm inbox\``])
    const healthy = await ok(a.home, ['doctor', '--json'], env)
    expect(healthy.checks.filter((c: any) => !c.ok)).toEqual([])
    expect(healthy.ok).toBe(true)
    expect(check(healthy, 'seat agent-b').detail).toContain(`env ${VAR}: set`)
    expect(check(healthy, 'service environment').detail).toContain(VAR)
  })

  it('with no daemon it fails the daemon check and checks the seats from its own environment, saying so', async () => {
    const [a] = await createMesh(1, { start: false })
    const r = await cli(a.home, ['doctor', '--json'], user())
    expect(errorCode(r)).toBe('DOCTOR_FAILED')
    const report = JSON.parse(r.stdout)
    expect(check(report, 'daemon')).toMatchObject({ ok: false, fix: expect.stringContaining('aios-comm daemon') })
    expect(check(report, 'keys')).toMatchObject({ ok: true })
    expect(check(report, 'seat agent-a')).toMatchObject({ ok: false })
    expect(check(report, 'seat agent-a').detail).toMatch(/^CONTRACT_PANE_MISSING: .*checked by this command, since no daemon runs/)
  })

  it('between two nodes: peers connected, clock skew measured from real receipts', async () => {
    const [a, b] = await createMesh(2)
    const { obligation } = await a.daemon.call('notify', { to: 'agent-b', text: 'hello' })
    await waitFor('DELIVERED', async () => await a.daemon.call('status', { obligation }), s => s.state === 'DELIVERED')
    const d = await a.daemon.call('doctor')
    expect(check(d, 'peers')).toMatchObject({ ok: true, detail: '1 of 1 connected' })
    expect(check(d, 'clock skew')).toMatchObject({ ok: true, detail: expect.stringMatching(/^1 of 1 peers compared; largest \d+ ms/) })
    expect(check(d, 'libp2p listening')).toMatchObject({ ok: true, detail: `/ip4/127.0.0.1/tcp/${a.port}` })
    expect(b.daemon.running).toBe(true)
  })
})
