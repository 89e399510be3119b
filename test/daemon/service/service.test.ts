// service install/uninstall/status into a throwaway HOME (never the real user's config, never a real service
// manager): the systemd unit passes systemd-analyze verify where it can run, the plist parses with plistlib,
// both hold absolute paths and the environment; install is idempotent; the env file keeps the contract's variables.
import { describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'
import { renderEnvFile } from '../../../daemon/service/index.js'
import { cli, errorCode, ok, tempDir } from '../../helpers/cli.js'
import { createMesh } from '../../helpers/mesh.js'
import { DAEMON_NODE_FLAGS } from '../../../daemon/runtime/node-flags.js'

const VAR = 'AIOS_TEST_SERVICE_TOKEN'
const mode = (p: string): string => `0${(statSync(p).mode & 0o777).toString(8)}`

interface Ran { code: number | null, out: string, missing: boolean }
async function run (cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Ran> {
  return await new Promise(resolve => execFile(cmd, args, { env }, (err, stdout, stderr) => {
    resolve({ code: err === null ? 0 : typeof (err as any).code === 'number' ? (err as any).code : null, out: (stdout + stderr).trim(), missing: (err as any)?.code === 'ENOENT' })
  }))
}

/** A home with one seat whose contract needs VAR, and a throwaway user for the service files. */
async function setup (): Promise<{ home: string, env: NodeJS.ProcessEnv, user: string }> {
  const [a] = await createMesh(1, { start: false })
  await ok(a.home, ['actor', 'add', 'agent-a', '--require-env', VAR])
  const user = tempDir('aios-user-')
  return { home: a.home, user, env: { HOME: user, XDG_CONFIG_HOME: join(user, '.config'), AIOS_COMM_SERVICE_MANAGER: 'none' } }
}

/** systemd-analyze verify on a user unit, if this machine can run it: proven on a good and a broken unit first. */
async function systemdVerify (unit: string): Promise<{ skipped: string } | Ran> {
  const dir = tempDir('aios-sd-')
  const runtime = join(dir, 'runtime')
  mkdirSync(runtime, { mode: 0o700 })
  const env = { ...process.env, XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR ?? runtime, SYSTEMD_LOG_COLOR: '0' }
  const verify = async (file: string): Promise<Ran> => await run('systemd-analyze', ['--user', 'verify', file], env)
  const good = join(dir, 'good.service')
  writeFileSync(good, '[Service]\nType=exec\nExecStart=/bin/true\n')
  const g = await verify(good)
  if (g.missing) return { skipped: 'systemd-analyze is not installed' }
  if (g.code !== 0 || g.out !== '') return { skipped: `systemd-analyze cannot verify a user unit here: ${g.out.split('\n')[0]}` }
  const bad = join(dir, 'bad.service')
  writeFileSync(bad, '[Service]\nType=exex\nExecStart=/bin/true\n')
  if (!(await verify(bad)).out.includes('exex')) return { skipped: 'systemd-analyze reports no unit errors here' }
  return await verify(unit)
}

describe('service', () => {
  it('install --dry-run prints both files with the secret hidden and writes nothing', async () => {
    const { home, env, user } = await setup()
    const out = await ok(home, ['service', 'install', '--dry-run'], { ...env, [VAR]: 'super-secret-value' })
    expect(out).toContain(`# would write ${join(home, 'service.env')} (mode 0600)`)
    expect(out).toMatch(/# would write .*\/systemd\/user\/aios-comm-[0-9a-f]{8}\.service \(mode 0644\)/)
    expect(out).toContain(`${VAR}='(hidden, 18 characters)'`)
    expect(out).not.toContain('super-secret-value')
    expect(out).toContain('ExecStart=')
    expect(existsSync(join(home, 'service.env'))).toBe(false)
    expect(existsSync(join(user, '.config'))).toBe(false)
  })

  it('keeps the daemon\'s own settings variables set where install runs, and again on an install from a shell without them', async () => {
    const { home, env } = await setup()
    await ok(home, ['service', 'install', '--systemd'], { ...env, [VAR]: 'tok', AIOS_COMM_LOG: 'debug', AIOS_COMM_PEER_RATE: '500' })
    const envFile = join(home, 'service.env')
    for (const line of ['AIOS_COMM_LOG=debug', 'AIOS_COMM_PEER_RATE=500']) expect(readFileSync(envFile, 'utf8')).toContain(`\n${line}\n`)
    expect(readFileSync(envFile, 'utf8')).not.toContain('AIOS_COMM_MAILBOX_PEER_ITEMS')
    await ok(home, ['service', 'install', '--systemd'], { ...env, [VAR]: 'tok' })
    for (const line of ['AIOS_COMM_LOG=debug', 'AIOS_COMM_PEER_RATE=500']) expect(readFileSync(envFile, 'utf8')).toContain(`\n${line}\n`)
  })

  it('runs the daemon with the flags given after --, keeps them on the next install, and refuses flags the daemon would refuse', async () => {
    const { home, env } = await setup()
    for (const bad of [['--ui-port', 'nope'], ['--bogus'], ['--home', '/elsewhere'], ['--metrics-host', '127.0.0.1'], ['stray']]) {
      const r = await cli(home, ['service', 'install', '--systemd', '--', ...bad], { ...env, [VAR]: 'tok' })
      expect(errorCode(r), bad.join(' ')).toBe('USAGE')
      expect(existsSync(join(home, 'service.env'))).toBe(false)
    }
    const first = await ok(home, ['service', 'install', '--systemd', '--json', '--', '--ui-port', '0', '--metrics-port', '9464'], { ...env, [VAR]: 'tok' })
    expect(first.daemonFlags).toEqual(['--ui-port', '0', '--metrics-port', '9464'])
    const unit = readFileSync(first.files[1].path as string, 'utf8')
    expect(/^ExecStart=.* daemon --ui-port 0 --metrics-port 9464$/m.test(unit)).toBe(true)
    const again = await ok(home, ['service', 'install', '--json'], { ...env, [VAR]: 'tok' })
    expect(again.files.map((f: any) => f.action)).toEqual(['unchanged', 'unchanged'])
    expect(again.daemonFlags).toEqual(['--ui-port', '0', '--metrics-port', '9464'])
    const status = await ok(home, ['service', 'status', '--json'], { ...env, [VAR]: 'tok' })
    expect(status).toMatchObject({ upToDate: true, daemonFlags: ['--ui-port', '0', '--metrics-port', '9464'] })
  })

  it('installs a systemd user unit idempotently: absolute paths, the env file (0600), no sandboxing, and it verifies', async () => {
    const { home, env } = await setup()
    const first = await ok(home, ['service', 'install', '--systemd', '--json'], { ...env, [VAR]: 'tok' })
    expect(first.files.map((f: any) => f.action)).toEqual(['written', 'written'])
    expect(first.service).toBe('not started: AIOS_COMM_SERVICE_MANAGER=none; start it with: systemctl --user enable --now ' + first.name)
    const again = await ok(home, ['service', 'install', '--json'], { ...env, [VAR]: 'tok' })
    expect(again.files.map((f: any) => f.action)).toEqual(['unchanged', 'unchanged'])

    const envFile = join(home, 'service.env')
    expect(mode(envFile)).toBe('0600')
    expect(readFileSync(envFile, 'utf8')).toContain(`\n${VAR}=tok\n`)
    expect(readFileSync(envFile, 'utf8')).toContain(`\nAIOS_COMM_HOME=${home}\n`)
    const unitPath = first.files[1].path as string
    const unit = readFileSync(unitPath, 'utf8')
    const exec = /^ExecStart=(.*)$/m.exec(unit)?.[1].split(' ') ?? []
    expect(exec[0]).toBe(process.execPath)
    const flags = DAEMON_NODE_FLAGS.length
    expect(exec.slice(1, 1 + flags)).toEqual(DAEMON_NODE_FLAGS)
    expect(isAbsolute(exec[1 + flags]) && existsSync(exec[1 + flags]) && exec[1 + flags].endsWith('dist/cli/main.js')).toBe(true)
    expect(exec.slice(2 + flags)).toEqual(['--home', home, 'daemon'])
    expect(unit).toMatch(/^Type=exec$/m)
    expect(unit).toMatch(/^Restart=on-failure$/m)
    expect(unit).toContain(`\nEnvironmentFile=${envFile}\n`)
    for (const option of ['PrivateTmp', 'MemoryDenyWriteExecute', 'ProtectHome', 'ProtectSystem']) expect(unit).not.toMatch(new RegExp(`^${option}=`, 'm'))

    const verified = await systemdVerify(unitPath)
    if ('skipped' in verified) console.log(`skipped systemd-analyze verify: ${verified.skipped}`)
    else expect(verified).toMatchObject({ code: 0, out: '' })
  })

  it('installs a launchd agent whose plist parses with plistlib: absolute arguments, RunAtLoad, KeepAlive on failure, logs, the environment', async () => {
    const { home, env, user } = await setup()
    const r = await ok(home, ['service', 'install', '--launchd', '--json'], { ...env, [VAR]: 'tok <&>' })
    const plist = r.files[1].path as string
    expect(plist.startsWith(join(user, 'Library', 'LaunchAgents'))).toBe(true)
    expect(mode(plist)).toBe('0600') // it carries the variables' values
    const parsed = await run('python3', ['-c', 'import json, plistlib, sys; print(json.dumps(plistlib.load(open(sys.argv[1], "rb"))))', plist])
    if (parsed.missing) {
      console.log('skipped plistlib: python3 is not installed')
      return
    }
    expect(parsed.code).toBe(0)
    const p = JSON.parse(parsed.out)
    expect(p.ProgramArguments).toEqual([process.execPath, ...DAEMON_NODE_FLAGS, expect.stringMatching(/^\/.*\/dist\/cli\/main\.js$/), '--home', home, 'daemon'])
    expect(p.RunAtLoad).toBe(true)
    expect(p.KeepAlive).toEqual({ SuccessfulExit: false })
    expect(p.EnvironmentVariables).toMatchObject({ AIOS_COMM_HOME: home, [VAR]: 'tok <&>', PATH: expect.any(String) })
    for (const log of [p.StandardOutPath, p.StandardErrorPath]) expect(isAbsolute(log)).toBe(true)
    expect(p.Label).toMatch(/^org\.aios-comm\.daemon\.[0-9a-f]{8}$/)
    expect(existsSync(join(home, 'service.env'))).toBe(true)
  })

  it('refuses a missing variable, keeps one from the installed file, sees a stale unit, and uninstalls everything', async () => {
    const { home, env } = await setup()
    const missing = await cli(home, ['service', 'install'], env)
    expect(errorCode(missing)).toBe('SERVICE_ENV_MISSING')
    expect(missing.stderr).toContain(VAR)
    await ok(home, ['service', 'install'], { ...env, [VAR]: 'first' })
    await ok(home, ['service', 'install'], env) // from a shell without it: the installed value stays
    expect(readFileSync(join(home, 'service.env'), 'utf8')).toContain(`\n${VAR}=first\n`)

    const st = await ok(home, ['service', 'status', '--json'], env)
    expect(st).toMatchObject({ kind: 'systemd', installed: true, upToDate: true, envFile: { mode: '0600', missing: [] }, manager: { available: false, reason: 'AIOS_COMM_SERVICE_MANAGER=none' } })
    writeFileSync(st.file, readFileSync(st.file, 'utf8').replace('Restart=on-failure', 'Restart=no'))
    expect(await ok(home, ['service', 'status', '--json'], env)).toMatchObject({ upToDate: false })
    expect((await cli(home, ['service', 'status'], env)).stdout).toContain('NOT what install writes now')

    const gone = await ok(home, ['service', 'uninstall', '--json'], env)
    expect(gone.removed).toEqual([st.file, join(home, 'service.env')])
    expect(existsSync(st.file) || existsSync(join(home, 'service.env'))).toBe(false)
    expect(await ok(home, ['service', 'status', '--json'], env)).toMatchObject({ installed: false, envFile: { exists: false, missing: [VAR] } })
    expect((await ok(home, ['service', 'uninstall', '--json'], env)).removed).toEqual([])
  })

  it('writes environment values that /bin/sh reads back unchanged, and refuses what it cannot carry', async () => {
    const values = ['plain', 'with space', 'dollar $HOME and `cmd`', 'back\\slash "quoted"', 'a=b;c&d|e']
    const file = join(tempDir(), 'env')
    writeFileSync(file, renderEnvFile(values.map((v, i): [string, string] => [`V${i}`, v]), '/h'))
    for (const [i, v] of values.entries()) {
      expect((await run('/bin/sh', ['-c', `set -a; . ${file}; printf %s "$V${i}"`], {})).out).toBe(v)
    }
    expect(() => renderEnvFile([['V', "it's"]], '/h')).toThrow(expect.objectContaining({ code: 'SERVICE_ENV_UNSAFE' }))
    expect(() => renderEnvFile([['V', 'two\nlines']], '/h')).toThrow(expect.objectContaining({ code: 'SERVICE_ENV_UNSAFE' }))
  })
})
