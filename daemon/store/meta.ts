// Small facts a node keeps about itself between runs (the meta table): a key, a text value.
import type { Statements } from './statements.js'

export class MetaStore {
  constructor (private readonly s: Statements) {}

  get (key: string): string | undefined {
    return (this.s.get('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value
  }

  set (key: string, value: string): void {
    this.s.get('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value)
  }
}
