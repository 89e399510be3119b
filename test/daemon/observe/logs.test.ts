// The daemon's logs: pino JSON lines on stderr, one object per line, with level, time, component and message;
// AIOS_COMM_LOG sets the least level written.
import { describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { createMesh, waitFor } from '../../helpers/mesh.js'

const LOG_MODULE = fileURLToPath(new URL('../../../dist/daemon/runtime/log.js', import.meta.url))

function parseLines (text: string): any[] {
  return text.trimEnd().split('\n').filter(l => l !== '').map(l => JSON.parse(l)) // throws on any line that is not JSON
}

describe('structured logs', () => {
  it('a real daemon writes pino JSON lines at info', async () => {
    const [a] = await createMesh(1, { env: { AIOS_COMM_LOG: 'info' } })
    await waitFor('the started line', () => a.daemon.stderr, s => s.includes('daemon started'))
    await a.daemon.stop()
    const lines = parseLines(a.daemon.stderr)
    const started = lines.find(l => l.msg === 'daemon started')
    expect(started).toMatchObject({ level: 'info', component: 'daemon', pid: expect.any(Number), peerId: a.daemon.peerId })
    expect(new Date(started.time).toISOString()).toBe(started.time)
    expect(lines.find(l => l.msg === 'daemon stopped')).toMatchObject({ level: 'info', component: 'daemon' })
    for (const l of lines) expect(['debug', 'info', 'warn', 'error']).toContain(l.level)
  })

  it('AIOS_COMM_LOG filters by level; the interface takes (msg, fields)', () => {
    const script = `import(${JSON.stringify(LOG_MODULE)}).then(m => { const l = m.createLogger('probe'); l.debug('d', { n: 1 }); l.info('i', { n: 2 }); l.warn('w', { n: 3 }); l.error('e', { n: 4, nested: { ok: true } }) })`
    const warn = spawnLevels('warn', script)
    expect(warn.map(l => [l.level, l.msg, l.n])).toEqual([['warn', 'w', 3], ['error', 'e', 4]])
    expect(warn[1]).toMatchObject({ component: 'probe', nested: { ok: true } })
    expect(spawnLevels('debug', script).map(l => l.msg)).toEqual(['d', 'i', 'w', 'e'])
    expect(spawnLevels('nonsense', script).map(l => l.msg)).toEqual(['i', 'w', 'e']) // unknown: the default, info
  })
})

function spawnLevels (level: string, script: string): any[] {
  const r = spawnSync(process.execPath, ['-e', script], { env: { ...process.env, AIOS_COMM_LOG: level }, encoding: 'utf8' })
  return parseLines(r.stderr)
}
