// What an idle daemon leaves unloaded: each feature's modules come in when it is first used (idle RSS, start-up).
// A resolve hook in the daemon's process lists every file it imports: the bundle's, each standing for the modules it
// holds (modulesOf).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createMesh, waitFor } from '../helpers/mesh.js'
import { tempDir } from '../helpers/cli.js'
import { modulesOf } from '../helpers/bundle-modules.js'

const PROBE = { NODE_OPTIONS: `--import=${fileURLToPath(new URL('../helpers/import-probe.mjs', import.meta.url))}` }

// feature → the modules only it needs
const LAZY: Record<string, RegExp> = {
  'metrics (--metrics-port)': /\/node_modules\/prom-client\//,
  'the web page (--ui-port)': /\/daemon\/ui\//,
  'doctor (its control call)': /\/daemon\/doctor\//,
  'TLS (a first connection)': /\/node_modules\/@libp2p\/tls\//,
  'Noise (a peer that speaks only Noise)': /\/node_modules\/@libp2p\/noise\//,
  'mDNS (a node listening beyond loopback)': /\/node_modules\/@libp2p\/mdns\//,
  'WebSocket (a /ws listener, or a first dial to one)': /\/node_modules\/(@libp2p\/websockets|ws)\//,
  'the A2A bridge (--a2a-port)': /\/node_modules\/(@a2a-js\/sdk|express)\//,
  'MCP (aios-comm mcp)': /\/node_modules\/@modelcontextprotocol\//,
  'traces (--otlp-endpoint)': /\/node_modules\/@opentelemetry\/(sdk-trace|exporter-trace-otlp-proto)\//
}

function loaded (log: string): string[] {
  return modulesOf(existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(l => l !== '') : [])
}

function loadedFeatures (log: string): string[] {
  const modules = loaded(log)
  return Object.keys(LAZY).filter(f => modules.some(u => LAZY[f].test(u)))
}

describe('modules loaded on first use', () => {
  it('an idle daemon that answered status and peers loads none of them', async () => {
    const log = join(tempDir(), 'imports.log')
    const [a] = await createMesh(1, { start: false, env: PROBE })
    await a.daemon.start({ AIOS_IMPORT_LOG: log })
    await a.daemon.call('node.status', {})
    await a.daemon.call('peers', {})
    expect(loaded(log).some(m => m.includes('/node_modules/libp2p/'))).toBe(true) // the probe sees the daemon's imports
    expect(loadedFeatures(log)).toEqual([])
  })

  it('each loads where its feature is used: metrics, the web page, doctor, a connection', async () => {
    const log = join(tempDir(), 'imports.log')
    const [a] = await createMesh(2, { start: true, env: PROBE, args: i => i === 0 ? ['--metrics-port', '0', '--ui-port', '0'] : [] }).then(async nodes => {
      // restarted with the probe's log: the mesh's own start had none
      await nodes[0].daemon.stop()
      await nodes[0].daemon.start({ AIOS_IMPORT_LOG: log })
      return nodes
    })
    await a.daemon.call('doctor', {})
    await waitFor('a peer connected', async () => await a.daemon.call('peers', {}), peers => peers.some(p => p.connected))
    expect(loadedFeatures(log)).toEqual(['metrics (--metrics-port)', 'the web page (--ui-port)', 'doctor (its control call)', 'TLS (a first connection)'])
  })
})
