// One wake at a time per pane: work for the same key runs in order, work for other keys runs alongside.
export class Lanes {
  private readonly tails = new Map<string, Promise<unknown>>()

  async run<T> (key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve()
    const mine = before.catch(() => {}).then(work)
    const tail = mine.catch(() => {})
    this.tails.set(key, tail)
    try {
      return await mine
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key) // the last one out clears the lane
    }
  }

  get busy (): number {
    return this.tails.size
  }
}
