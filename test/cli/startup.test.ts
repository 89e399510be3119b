// The CLI starts light: a setup or message command loads the control client and the home, never the network stack
// (libp2p, the DHT, gossipsub, the transports) or the metrics library, which only the daemon needs. Every test, every
// agent's command and every wake pays the CLI's start-up.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { CLI, ok, tempDir } from '../helpers/cli.js'
import { createMesh } from '../helpers/mesh.js'
import { modulesOf } from '../helpers/bundle-modules.js'

const HOOK = fileURLToPath(new URL('../fixtures/loader/record-imports.mjs', import.meta.url))
const HEAVY = /\/node_modules\/(libp2p|@libp2p\/(kad-dht|gossipsub|tcp|noise|yamux|tls|identify|ping)|prom-client|@modelcontextprotocol)\//

// What only a command run without a daemon needs: the signing and key libraries, SQLite, the wire format, the cards
// face and the daemon's setup code.
const SETUP = /\/node_modules\/(@noble|@libp2p\/crypto|better-sqlite3|protobufjs|@multiformats)\/|\/dist\/(cards\/index|daemon\/index|daemon\/setup\/|daemon\/store\/)/

async function loaded (home: string, args: string[]): Promise<string[]> {
  const file = join(tempDir('aios-imports-'), 'imports.txt')
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['--import', HOOK, CLI, '--home', home, ...args], { env: { ...process.env, AIOS_TEST_IMPORTS: file } }, err => {
      if (err !== null && typeof (err as { code?: unknown }).code !== 'number') reject(err)
      else resolve()
    })
  })
  return modulesOf(readFileSync(file, 'utf8').split('\n').filter(l => l !== ''))
}

describe('CLI start-up', () => {
  it('a setup command and a message command load no network stack and no metrics library', async () => {
    const home = tempDir()
    await ok(home, ['init'])
    for (const args of [['actor', 'list'], ['inbox']]) {
      const urls = await loaded(home, args)
      expect(urls.length).toBeGreaterThan(10) // the hook saw the CLI's own modules
      expect(urls.filter(u => HEAVY.test(u)), args.join(' ')).toEqual([])
    }
  })

  it('a message command, and a setup command a running daemon answers, load no keys, store, cards or protobuf code', async () => {
    const [node] = await createMesh(1)
    for (const args of [['actor', 'list'], ['mesh', 'show'], ['inbox'], ['status']]) {
      const urls = await loaded(node.home, args)
      expect(urls.length).toBeGreaterThan(10)
      expect(urls.filter(u => SETUP.test(u)), args.join(' ')).toEqual([])
    }
  })
})
