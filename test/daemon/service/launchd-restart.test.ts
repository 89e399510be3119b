// A launchd agent restarted by an install that changed its files: launchd may still hold the old agent's label for a
// moment after bootout, and bootstrap then fails ("5: Input/output error"); an install that gave up there left the
// agent unloaded, so the daemon stopped until the next login. launchctl does not run here (Linux): a stand-in on
// PATH plays both ways launchd is slow (the label listed for a second after bootout; bootstrap refused for 1.5 s
// though the label is gone), and the restart must end started either way.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startService } from '../../../daemon/service/manager.js'
import { servicePaths } from '../../../daemon/service/paths.js'
import { tempDir } from '../../helpers/cli.js'

const LAUNCHCTL = `#!/bin/sh
# a launchctl that is slow after bootout: MODE=listed keeps the label listed for 1 s; MODE=refused lists it gone at
# once but refuses bootstrap for 1.5 s
now=$(date +%s%3N)
out=$(cat "$DIR/bootout" 2>/dev/null || echo 0)
since=$((now - out))
case "$1" in
  print)
    if [ -f "$DIR/running" ]; then echo "state = running"; exit 0; fi
    if [ "$MODE" = listed ] && [ "$out" != 0 ] && [ $since -lt 1000 ]; then echo "state = running"; exit 0; fi
    exit 113;;
  bootout) rm -f "$DIR/running"; echo "$now" > "$DIR/bootout"; exit 0;;
  bootstrap)
    limit=1000; [ "$MODE" = refused ] && limit=1500
    if [ "$out" != 0 ] && [ $since -lt $limit ]; then echo "Bootstrap failed: 5: Input/output error" >&2; exit 5; fi
    touch "$DIR/running"; rm -f "$DIR/bootout"; echo bootstrapped >> "$DIR/log"; exit 0;;
esac
exit 1
`

async function restartWith (mode: 'listed' | 'refused'): Promise<string> {
  const dir = tempDir('aios-launchctl-')
  const bin = join(dir, 'bin')
  writeFileSync(join(dir, 'running'), '') // the agent runs now
  mkdirSync(bin)
  writeFileSync(join(bin, 'launchctl'), LAUNCHCTL)
  chmodSync(join(bin, 'launchctl'), 0o755)
  const env = { PATH: `${bin}:/usr/bin:/bin`, HOME: dir, DIR: dir, MODE: mode }
  const paths = servicePaths('launchd', join(dir, 'home'), env)
  return await startService(paths, true, env)
}

describe('a launchd agent restarted by install', () => {
  it('waits for the old label to leave, and tries bootstrap again while launchd refuses it', async () => {
    expect(await restartWith('listed')).toBe('restarted')
    expect(await restartWith('refused')).toBe('restarted')
  }, 30_000)
})
