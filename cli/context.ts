// What every command needs: the home folder from --home / AIOS_COMM_HOME, opened for one command and closed after.
import type { Command } from 'commander'
import { HomeContext, resolveHome } from '../daemon/index.js'

export interface GlobalOptions {
  home?: string
  as?: string
  json?: boolean
}

export function globals (cmd: Command): GlobalOptions {
  return cmd.optsWithGlobals() as GlobalOptions
}

export function homeDir (cmd: Command): string {
  return resolveHome(globals(cmd).home)
}

export async function withHome<T> (cmd: Command, fn: (ctx: HomeContext) => Promise<T> | T): Promise<T> {
  const ctx = HomeContext.open(homeDir(cmd))
  try {
    return await fn(ctx)
  } finally {
    ctx.close()
  }
}
