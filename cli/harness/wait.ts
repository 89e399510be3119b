// Waiting for a daemon to reach a state by asking it: a probe polled until a condition holds or a deadline passes.
const POLL_MS = 50 // often enough that a wait ends well within a tick of the state changing; cheap for a daemon
const DEFAULT_TIMEOUT_MS = 30_000

/** Polls probe until ok holds; fails with the last value seen after the deadline. */
export async function waitFor<T> (what: string, probe: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: T | undefined
  for (;;) {
    last = await probe()
    if (ok(last)) return last
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)?.slice(0, 500)}`)
    await new Promise(resolve => setTimeout(resolve, POLL_MS))
  }
}
