// The NAT topology itself, probed with real TCP from inside its namespaces: a laptop reaches a VM (seen from its
// router's wan address), nothing on the wan reaches a laptop, the two homes never reach each other, and a laptop
// and the box beside it reach each other. A machine where the namespaces or nft rules cannot be made fails here.
import { describe, expect, it, onTestFinished } from 'vitest'
import { execFile, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { once } from 'node:events'
import { makeNat, LAN_PREFIX, DEAD_ADDRESS, type Nat, type NatHost } from './faults/nat.js'

const PORT = 7000
const PROBE_MS = 2000 // a SYN answered on a bridge takes well under a millisecond; 2 s of silence is a drop

// One process per machine: it answers every connection with the machine's name and the address the caller came
// from, and dials for the test: a line "id host port" in, a line "id result" out, where the result is "ok <reply>",
// the error's code, or "no answer" (nothing came back: the SYN, or on a LAN the ARP request, went unanswered).
// The silence check runs after one more turn of the event loop, so an answer already queued on a busy machine wins.
const AGENT = `const [name, port, ms] = process.argv.slice(1); const net = require('node:net');
net.createServer(s => s.end(name + ' ' + s.remoteAddress.replace('::ffff:', ''))).listen(Number(port), '0.0.0.0', () => console.log('listening'));
require('node:readline').createInterface({ input: process.stdin }).on('line', line => {
  const [id, host, p] = line.split(' '); let got = ''; let done = false;
  const say = r => { if (!done) { done = true; s.destroy(); console.log(id + ' ' + r) } };
  const s = net.connect({ host, port: Number(p) });
  s.setEncoding('utf8').on('data', d => { got += d }).on('end', () => say('ok ' + got));
  s.on('error', e => say(e.code === 'EHOSTUNREACH' ? 'no answer' : e.code));
  setTimeout(() => setImmediate(() => say('no answer')), Number(ms));
})`

type Probe = (from: NatHost, host: string) => Promise<string>

/** Starts the agent on every machine; returns the probe that asks one of them to dial. */
async function agents (nat: Nat): Promise<Probe> {
  const waiting = new Map<string, (r: string) => void>()
  const stdin: Partial<Record<NatHost, NodeJS.WritableStream>> = {}
  await Promise.all((['vm1', 'vm2', 'a', 'b', 'box'] as const).map(async h => {
    const child = spawn('ip', ['netns', 'exec', nat.ns[h], process.execPath, '-e', AGENT, h, String(PORT), String(PROBE_MS)], { stdio: ['pipe', 'pipe', 'inherit'] })
    onTestFinished(() => { child.kill('SIGKILL') })
    stdin[h] = child.stdin
    const lines = createInterface({ input: child.stdout })
    lines.on('line', line => {
      const [id, ...rest] = line.split(' ')
      waiting.get(id)?.(rest.join(' '))
      waiting.delete(id)
    })
    const [first] = await once(lines, 'line') as [string]
    expect(first).toBe('listening')
  }))
  let next = 0
  return async (from, host) => await new Promise(resolve => {
    const id = String(next++)
    waiting.set(id, resolve)
    stdin[from]?.write(`${id} ${host} ${PORT}\n`)
  })
}

describe('chaos: the NAT topology (two homes behind masquerading routers, a VM on the wan)', () => {
  it('a laptop reaches a VM, the wan never reaches a laptop, the homes never reach each other, a laptop reaches its LAN box', async () => {
    const nat = makeNat()
    if (typeof nat === 'string') expect.fail(nat) // a run that cannot build the topology must not pass as if it had tested it
    onTestFinished(() => nat.cleanup())
    const probe = await agents(nat)
    const [r1, r2] = [nat.address('r1'), nat.address('r2')]
    const seen = async (from: NatHost, to: string): Promise<[string, string]> => [`${from} → ${to}`, await probe(from, to)]
    const results = Object.fromEntries(await Promise.all([
      seen('a', nat.address('vm1')),
      seen('b', nat.address('vm1')),
      seen('box', nat.address('vm2')),
      seen('vm1', nat.address('a')),
      seen('vm1', r1),
      seen('vm1', r2),
      seen('a', nat.address('box')),
      seen('box', nat.address('a')),
      seen('a', r2),
      seen('b', r1),
      seen('b', nat.address('a'))
    ]))
    expect(results).toEqual({
      // out through the router, masqueraded: the VM sees the router's wan address, never 192.168.1.x
      [`a → ${nat.address('vm1')}`]: `ok vm1 ${r1}`,
      [`b → ${nat.address('vm1')}`]: `ok vm1 ${r2}`,
      [`box → ${nat.address('vm2')}`]: `ok vm2 ${r1}`,
      // the wan has no route into a home, and a router forwards no port
      [`vm1 → ${nat.address('a')}`]: 'ENETUNREACH',
      [`vm1 → ${r1}`]: 'ECONNREFUSED',
      [`vm1 → ${r2}`]: 'ECONNREFUSED',
      // the same home: straight across the home's switch
      [`a → ${nat.address('box')}`]: `ok box ${nat.address('a')}`,
      [`box → ${nat.address('a')}`]: `ok a ${nat.address('box')}`,
      // one home to the other: only through the routers' wan addresses, which forward nothing
      [`a → ${r2}`]: 'ECONNREFUSED',
      [`b → ${r1}`]: 'ECONNREFUSED',
      // b's home has its own 192.168.1.10, and nobody is there
      [`b → ${nat.address('a')}`]: 'no answer'
    })
    // b's address in its home is the box's in a's: dialed from a's home, it is the box that answers
    expect(nat.address('b')).toBe(nat.address('box'))
    expect(await probe('a', nat.address('b'))).toBe(`ok box ${nat.address('a')}`)

    // even a wan machine that routes the home's range at its router is dropped there: no inbound forwarding;
    // and the dead range drops packets silently at the router
    nat.exec('vm1', ['ip', 'route', 'add', `${LAN_PREFIX}.0/24`, 'via', r1])
    expect(await Promise.all([probe('vm1', nat.address('a')), probe('a', DEAD_ADDRESS)])).toEqual(['no answer', 'no answer'])

    // a pulled cable drops packets (no reset), and plugging it back restores the path
    nat.cut('vm1')
    expect(await probe('a', nat.address('vm1'))).toBe('no answer')
    nat.heal('vm1')
    expect(await probe('a', nat.address('vm1'))).toBe(`ok vm1 ${r1}`)

    // laptop a moves to b's home: a new address there, out through r2, b across the switch, the box out of reach
    const moved = nat.move('a', 2)
    expect(moved).not.toBe(`${LAN_PREFIX}.10`)
    expect(nat.address('a')).toBe(moved)
    expect(nat.lanOf('a')).toBe(2)
    expect(nat.exec('a', ['ip', '-4', '-o', 'addr', 'show', 'dev', 'eth0'])).toContain(`${moved}/24`)
    expect(Object.fromEntries(await Promise.all([
      seen('a', nat.address('vm1')),
      seen('a', nat.address('b')),
      seen('b', moved)
    ]))).toEqual({
      [`a → ${nat.address('vm1')}`]: `ok vm1 ${r2}`,
      [`a → ${nat.address('b')}`]: `ok b ${moved}`,
      [`b → ${moved}`]: `ok a ${nat.address('b')}`
    })

    // a killed machine's processes are gone; cleanup leaves no namespace of this run behind
    nat.kill('vm2')
    expect(nat.exec('box', ['ip', 'netns', 'pids', nat.ns.vm2])).toBe('')
    // refused, or (when the router's conntrack holds the reset to be out of window) silence: never an answer
    expect(await probe('box', nat.address('vm2'))).toMatch(/^(ECONNREFUSED|no answer)$/)
    nat.cleanup()
    const left = await new Promise<string>(resolve => execFile('ip', ['netns', 'list'], (_e, out) => resolve(out)))
    expect(left).not.toContain(nat.ns.wan.slice(0, -'wan'.length))
  })
})
