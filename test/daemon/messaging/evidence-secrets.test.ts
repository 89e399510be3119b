// The secret scan of evidence: a home's key seeds and tokens are found in any of their spellings, across the
// chunk boundaries the file is read in, and ordinary text is not mistaken for them.
import { describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { b64url, generateKeyPair, serializeKeyFile } from '../../../cards/index.js'
import { homePaths } from '../../../daemon/home/paths.js'
import { SecretScanner, homeSecrets } from '../../../daemon/messaging/evidence-secrets.js'
import { tempDir } from '../../helpers/cli.js'

function scan (needles: Buffer[], text: Buffer, chunk: number): boolean {
  const s = new SecretScanner(needles)
  for (let i = 0; i < text.byteLength; i += chunk) s.feed(text.subarray(i, i + chunk))
  return s.found
}

describe('evidence secret scan', () => {
  it('finds every spelling of a key seed and a token, split across chunks at every offset', async () => {
    const home = tempDir('aios-secrets-')
    const paths = homePaths(home)
    const pair = generateKeyPair()
    writeFileSync(paths.nodeKey, serializeKeyFile(pair))
    const token = randomBytes(32).toString('hex')
    writeFileSync(join(home, 'ui.token'), `${token}\n`)
    const needles = await homeSecrets(paths)
    const seed = Buffer.from(pair.seed)
    const spellings = [b64url(seed), seed.toString('base64'), seed.toString('hex'), token]
    for (const secret of spellings) {
      const text = Buffer.from(`build log line\n${'x'.repeat(50)}${secret}\nmore output\n`)
      for (const chunk of [1, 7, 16, 64, 4096]) expect(scan(needles, text, chunk), `${secret} in chunks of ${chunk}`).toBe(true)
    }
    expect(scan(needles, Buffer.concat([randomBytes(100), seed, randomBytes(100)]), 33)).toBe(true)
    expect(scan(needles, Buffer.from(`all ${'tests '.repeat(5000)}passed\n`), 4096)).toBe(false)
  })
})
