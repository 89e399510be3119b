// `aios-comm find --skill ID | --tag T | --tool NAME`: the seats whose cards state a capability, best first (reachable
// now, then the newest card), from the cards this node holds; with --dht also from the skill's providers in the DHT.
import type { Command } from 'commander'
import { daemonCall, globals } from '../context.js'
import { print, table } from '../output.js'

export function register (program: Command): void {
  program.command('find').description('the seats that can do something: by skill (id or name), tag or MCP tool, best first (reachable, then most recently seen)')
    .option('--skill <id>', 'a skill, by its id or its name (notify --to skill:ID sends to the first seat listed)')
    .option('--tag <tag>', 'a tag of one of the seat\'s skills')
    .option('--tool <name>', 'an MCP tool the seat has: TOOL or SERVER/TOOL')
    .option('--dht', 'also ask the DHT for the nodes that provide the skill id and learn their seats\' cards (at most 5 s)')
    .option('--json', 'print JSON')
    .action(async (o: { skill?: string, tag?: string, tool?: string, dht?: boolean }, cmd: Command) => {
      const r = await daemonCall(cmd, 'find', { skill: o.skill, tag: o.tag, tool: o.tool, ...(o.dht === true ? { dht: true } : {}) })
      print(globals(cmd), r, () => r.seats.length === 0 ? 'no seat known here states that'
        : table(['HANDLE', 'NODE', 'SKILLS', 'TOOLS', 'CARRIER', 'MODEL', 'CARD AGE', 'HEALTH'], r.seats.map(s => [s.handle, s.local ? 'here' : s.peerId,
          s.skills.join(','), s.tools.join(','), s.carrier, s.model, `${s.ageSeconds}s`,
          s.healthy ? 'healthy' : s.local ? `unhealthy: ${s.problem ?? 'see aios-comm status'}` : 'node not connected'])))
    })
}
