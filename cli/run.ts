#!/usr/bin/env node
// The aios-comm command line. The polyfill is imported first: libp2p 3 needs Promise.withResolvers on Node 20.
// `npm run build` bundles this module and all it imports into dist/cli/main.js (cli/bundle.mjs); built by tsc
// alone, dist/cli/main.js imports it.
import '../daemon/runtime/polyfill.js'
import { CommanderError, type Command } from 'commander'
import { buildProgram } from './program.js'
import { reportError } from './output.js'
import { EXIT } from './exit-codes.js'

// Usage errors are reported by reportError as one coded line; commander must neither print nor exit by itself.
function quiet (cmd: Command): void {
  cmd.exitOverride().configureOutput({ outputError: () => {} })
  for (const sub of cmd.commands) quiet(sub)
}

async function main (argv: string[]): Promise<number> {
  const program = await buildProgram(argv)
  quiet(program)
  try {
    await program.parseAsync(argv)
    return EXIT.ok
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.exitCode === 0) return EXIT.ok // --help, --version
      return reportError({ code: 'USAGE', message: `${err.message.replace(/^error: /, '')} (see aios-comm --help)` })
    }
    return reportError(err)
  }
}

process.exitCode = await main(process.argv)
