// The machine's boot id, recorded beside the store: when it has changed since the store was last opened, the
// machine restarted (a power cut is one), and what only the page cache held then, such as the -shm index, is gone
// or stale and proves nothing about the log.
import { existsSync, readFileSync } from 'node:fs'
import { writePrivateFile } from '../runtime/private-files.js'

const BOOT_ID = '/proc/sys/kernel/random/boot_id' // Linux; elsewhere no boot id is known and nothing is recorded

export function currentBootId (): string | undefined {
  try {
    const id = readFileSync(BOOT_ID, 'utf8').trim()
    return id === '' ? undefined : id
  } catch {
    return undefined
  }
}

function recordPath (dbPath: string): string {
  return `${dbPath}-boot`
}

/** Whether the machine restarted since the store was last opened (false when either boot is unknown). */
export function rebootedSince (dbPath: string, boot: string | undefined): boolean {
  if (boot === undefined || !existsSync(recordPath(dbPath))) return false
  try {
    return readFileSync(recordPath(dbPath), 'utf8').trim() !== boot
  } catch {
    return false
  }
}

/** Records this boot beside the store, durably (file and folder fsynced), when it is not recorded already. */
export function recordBoot (dbPath: string, boot: string | undefined): void {
  if (boot === undefined) return
  const path = recordPath(dbPath)
  if (existsSync(path) && readFileSync(path, 'utf8').trim() === boot) return
  try {
    writePrivateFile(path, `${boot}\n`)
  } catch {
    // a folder that cannot take the record (read-only): the next open compares the index as if nothing restarted
  }
}
