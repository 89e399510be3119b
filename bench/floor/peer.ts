// The transport floor, one process per side (the stack and the frames: transport.ts), with Noise or TLS:
//   node peer.js serve noise|tls                         → prints {"addr": "..."} and echoes acks until SIGTERM
//   node peer.js send noise|tls ADDR BYTES TOTAL WINDOW  → prints {"seconds": s, "latencies": [ms, ...]}
import '../../daemon/runtime/polyfill.js'
import { FloorClient, floorServer, isEncrypter } from './transport.js'

async function serve (encrypter: 'noise' | 'tls'): Promise<void> {
  const n = await floorServer(encrypter)
  process.stdout.write(JSON.stringify({ addr: n.getMultiaddrs()[0].toString() }) + '\n')
  process.once('SIGTERM', () => { void Promise.resolve(n.stop()).then(() => process.exit(0)) })
}

async function send (encrypter: 'noise' | 'tls', addr: string, bytes: number, total: number, window: number): Promise<void> {
  const c = await FloorClient.dial(addr, encrypter)
  const r = await c.run(bytes, total, window)
  process.stdout.write(JSON.stringify(r) + '\n')
  await c.close()
}

const [mode, enc, ...args] = process.argv.slice(2)
if (enc !== undefined && isEncrypter(enc) && mode === 'serve') await serve(enc)
else if (enc !== undefined && isEncrypter(enc) && mode === 'send') await send(enc, args[0], Number(args[1]), Number(args[2]), Number(args[3]))
else {
  process.stderr.write('usage: peer.js serve noise|tls | send noise|tls ADDR BYTES TOTAL WINDOW\n')
  process.exitCode = 2
}
