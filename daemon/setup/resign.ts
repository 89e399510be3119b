// Re-signing the hosted seats' cards when what they state about this node changed (a relay reservation made or
// lost, say): one pass at a time, another queued behind it; `changed` is told only when a card got a new seq.
import { errorText } from '../runtime/errors.js'
import type { HomeContext } from '../home/context.js'
import { refreshLocalCard } from './cards.js'

export function cardResigner (ctx: HomeContext, changed: () => void, onError: (error: string) => void): () => void {
  let running: Promise<void> | undefined
  let again = false
  const pass = async (): Promise<void> => {
    let any = false
    for (const seat of ctx.store.identity.actors()) {
      if (!seat.hosted || seat.endorsement === undefined) continue
      const before = ctx.store.identity.card(seat.handle)?.seq
      const card = await refreshLocalCard(ctx, seat.handle)
      if (card.seq !== before) any = true
    }
    if (any) changed()
  }
  const run = (): void => {
    if (running !== undefined) {
      again = true
      return
    }
    running = pass().catch(err => { onError(errorText(err)) }).finally(() => {
      running = undefined
      if (again) {
        again = false
        run()
      }
    })
  }
  return run
}
