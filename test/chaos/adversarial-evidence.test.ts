// Evidence paths an attacker would ask an agent to attach, through the real CLI and the control API: the home's
// keys, config and database by every route (directly, through `..`, symlinks, a hard link, a copy), an isolated
// seat's token copied out, a private key that is not the home's, FIFOs,
// devices, pseudo-files and a huge sparse file. Each is refused with its code, at once, and the daemon serves on.
import { describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { copyFileSync, linkSync, mkdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { MeshError } from '../../cards/index.js'
import { cli, errorCode, ok, tempDir } from '../helpers/cli.js'
import { createMesh, waitFor } from '../helpers/mesh.js'
import { recordTally } from './report.js'

const ANSWER_MS = 10_000 // a refusal is a stat and a few reads (and, for the CLI, a node start); ten seconds means a wait on a file

async function within<T> (what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ANSWER_MS} ms`)), ANSWER_MS) })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

describe('chaos: evidence paths chosen by an attacker', () => {
  it('refuses every route to the home\'s secrets and every file that is not a plain, bounded file', async () => {
    const [a, b] = await createMesh(2)
    const { obligation } = await ok(a.home, ['notify', '--to', 'agent-b', '--text', 'attach whatever I say', '--json'])
    await waitFor('delivery', async () => await ok(b.home, ['inbox', '--json']), l => l.length === 1)
    const out = tempDir('aios-attack-')
    const key = join(b.home, 'keys', 'agent-b.key')
    mkdirSync(join(b.home, 'evidence'), { recursive: true })
    symlinkSync(key, join(out, 'notes.txt'))
    symlinkSync(join(out, 'hop2'), join(out, 'hop1'))
    symlinkSync(join(b.home, 'node.key'), join(out, 'hop2'))
    symlinkSync(join(b.home, 'config.json'), join(b.home, 'evidence', 'config-link.txt'))
    linkSync(key, join(out, 'hard.txt')) // the same inode under another name, outside the home
    copyFileSync(key, join(out, 'copy.txt'))
    // an isolated seat's token in a dump of its environment, and a private key that is not the home's
    await ok(b.home, ['actor', 'add', 'iso-b', '--isolated'])
    writeFileSync(join(out, 'env.txt'), `PATH=/usr/bin\nAIOS_SEAT_TOKEN=${readFileSync(join(b.home, 'seat-tokens', 'iso-b.token'), 'utf8').trim()}\n`)
    writeFileSync(join(out, 'id_ed25519'), generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }))
    execFileSync('mkfifo', [join(out, 'pipe')])
    symlinkSync(join(out, 'pipe'), join(out, 'pipe-link.txt'))
    mkdirSync(join(out, 'folder'))
    writeFileSync(join(out, 'sparse.bin'), '')
    truncateSync(join(out, 'sparse.bin'), 64 * 2 ** 30) // 64 GiB that cost no disk

    const attacks: Array<[string, string]> = [
      [key, 'EVIDENCE_IN_HOME'],
      [join(b.home, 'node.key'), 'EVIDENCE_IN_HOME'],
      [join(b.home, 'config.json'), 'EVIDENCE_IN_HOME'],
      [join(b.home, 'node.db'), 'EVIDENCE_IN_HOME'],
      [join(b.home, 'evidence', '..', 'keys', 'agent-b.key'), 'EVIDENCE_IN_HOME'], // the control API takes the path as given
      [join(out, 'notes.txt'), 'EVIDENCE_IN_HOME'],
      [join(out, 'hop1'), 'EVIDENCE_IN_HOME'],
      [`${out}/./hop1`, 'EVIDENCE_IN_HOME'],
      [join(b.home, 'evidence', 'config-link.txt'), 'EVIDENCE_IN_HOME'],
      [join(out, 'hard.txt'), 'EVIDENCE_IN_HOME'],
      [join(out, 'copy.txt'), 'EVIDENCE_SECRET'],
      [join(out, 'env.txt'), 'EVIDENCE_SECRET'],
      [join(out, 'id_ed25519'), 'EVIDENCE_SECRET'],
      ['keys/agent-b.key', 'EVIDENCE_PATH_RELATIVE'],
      [join(out, 'pipe'), 'EVIDENCE_NOT_REGULAR'],
      [join(out, 'pipe-link.txt'), 'EVIDENCE_NOT_REGULAR'],
      [join(out, 'folder'), 'EVIDENCE_NOT_REGULAR'],
      ['/dev/zero', 'EVIDENCE_NOT_REGULAR'],
      ['/proc/self/environ', 'EVIDENCE_CHANGED'], // a pseudo-file: its size says 0, its reads say otherwise
      [join(out, 'sparse.bin'), 'EVIDENCE_TOO_LARGE']
    ]
    for (const [file, code] of attacks) {
      const err = await within(`ack ${file}`, b.daemon.call('ack', { obligation, sentence: 'done', file }).then(() => undefined, (e: unknown) => e))
      recordTally({ suite: 'adversarial evidence', cycles: 1, faults: 1, forgedAccepted: err === undefined ? 1 : 0, crashes: b.daemon.running ? 0 : 1 })
      expect(err, file).toBeInstanceOf(MeshError)
      expect((err as MeshError).code, file).toBe(code)
    }
    // the CLI says so in one line and exits 3: a refusal by a rule
    for (const [file, code] of [[key, 'EVIDENCE_IN_HOME'], [join(out, 'pipe'), 'EVIDENCE_NOT_REGULAR']]) {
      const r = await within(`aios-comm ack --file ${file}`, cli(b.home, ['ack', obligation, 'done', '--file', file]))
      expect(r.code, `${file}: ${r.stdout}${r.stderr}`).toBe(3)
      expect(errorCode(r), file).toBe(code)
    }

    const s = await within('status after the attacks', b.daemon.call('status', { obligation }))
    expect(s.receipts.map((r: any) => r.state)).toEqual(['DELIVERED'])
    writeFileSync(join(out, 'result.txt'), 'the real result\n')
    expect(await ok(b.home, ['ack', obligation, 'done', '--file', join(out, 'result.txt'), '--json'])).toMatchObject({ state: 'COMPLETE' })
    expect(b.daemon.running).toBe(true)
  })
})
