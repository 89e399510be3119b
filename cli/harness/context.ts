// A home's context opened for one piece of work and always closed, so no SQLite handle outlives it.
import { HomeContext } from '../../daemon/index.js'

export async function withCtx<T> (home: string, fn: (ctx: HomeContext) => Promise<T> | T): Promise<T> {
  const ctx = HomeContext.open(home)
  try {
    return await fn(ctx)
  } finally {
    ctx.close()
  }
}
