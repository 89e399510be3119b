// The resolve hook of import-probe.mjs.
import { appendFileSync } from 'node:fs'

export async function resolve (specifier, context, next) {
  const r = await next(specifier, context)
  if (process.env.AIOS_IMPORT_LOG !== undefined) appendFileSync(process.env.AIOS_IMPORT_LOG, `${r.url}\n`)
  return r
}
