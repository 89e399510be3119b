// Durable private files: written atomically with mode 0600 in folders of mode 0700, each new name fsynced in its
// folder. Below home/ and store/, which both write such files (keys and tokens; the boot record beside the store).
import { randomBytes } from 'node:crypto'
import { closeSync, constants, fchmodSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

/** Creates the folder (and missing parents) and makes each new entry durable in the folder that holds it. */
export function ensurePrivateDir (dir: string): void {
  const first = mkdirSync(dir, { recursive: true, mode: 0o700 })
  if (first === undefined) return
  for (let d = resolve(dir); ; d = dirname(d)) {
    const outermost = d === resolve(first) || d === dirname(d)
    try {
      syncDir(dirname(d))
    } catch (err) {
      // a parent this user may write but not read (mode 0300) cannot be opened; nothing more can be done there
      if (!outermost || (err as NodeJS.ErrnoException).code !== 'EACCES') throw err
    }
    if (outermost) break
  }
}

/**
 * fsyncs a folder, so the names created or renamed in it survive a power cut (a file's own fsync covers its
 * bytes, not its name). Windows cannot open a folder as a file (and NTFS journals renames), so it is skipped there.
 */
export function syncDir (dir: string): void {
  if (process.platform === 'win32') return
  const fd = openSync(dir, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/**
 * Writes via a temp file + fsync + rename + fsync of the folder, so neither a crash nor a power cut leaves half a key or
 * loses it. The temp file has a random name and is made new (O_EXCL, which also refuses a symlink in its place): in a
 * folder others may write (an `--out` into /tmp), a file or link planted under a name guessed beforehand is never
 * opened, so the secret is written into no one else's file and nothing is written through a link. Its mode is set on
 * the open file, whatever the umask.
 */
export function writePrivateFile (path: string, content: string, mode = 0o600): void {
  ensurePrivateDir(dirname(path))
  const tmp = `${path}.tmp-${randomBytes(8).toString('hex')}`
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), mode)
  try {
    try {
      fchmodSync(fd, mode)
      writeSync(fd, content)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(tmp, path)
  } catch (err) {
    rmSync(tmp, { force: true })
    throw err
  }
  syncDir(dirname(path))
}
