// Reading an evidence file without trusting it: a regular file (checked before it is opened, and again on the open
// descriptor), opened non-blocking and without following a link swapped in, read in chunks off the event loop up to
// the size its inode states, and refused if it changes meanwhile. Both `ack` and the recipient's re-hash use it.
import { createHash } from 'node:crypto'
import { constants, type Stats } from 'node:fs'
import { lstat, open, realpath, stat, type FileHandle } from 'node:fs/promises'
import { isAbsolute } from 'node:path'
import { MeshError } from '../../cards/index.js'
import type { HomePaths } from '../home/paths.js'
import { checkEvidencePlace } from './evidence-place.js'
import { PRIVATE_KEY_MARKERS, SecretScanner, homeSecrets } from './evidence-secrets.js'
import { MAX_EVIDENCE_BYTES, MAX_EVIDENCE_CONTENT_BYTES } from '../limits/index.js'

const CHUNK_BYTES = 64 * 1024 // one read per event-loop turn; hashing 64 KiB takes far less than a millisecond
// O_NONBLOCK: opening a FIFO (swapped in after the stat) returns at once instead of waiting for a writer.
// O_NOFOLLOW: the real path was resolved already; a symlink there now is a swap, not the file that was checked.
// O_NOCTTY: a terminal swapped in never becomes the daemon's controlling terminal.
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW | constants.O_NOCTTY

export interface EvidenceFile {
  /** The real path (symlinks and `..` resolved): what was checked and read. */
  path: string
  sha256: Uint8Array
  size: number
  /** The bytes, when at most MAX_EVIDENCE_CONTENT_BYTES (they go to the message's sender). */
  content?: Uint8Array
}

const errno = (err: unknown): string | undefined => (err as NodeJS.ErrnoException).code

function sameFile (a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs
}

/** The file `ack` names, checked under every rule of the home, hashed and (when small) kept. */
export async function readEvidence (path: string, paths: HomePaths): Promise<EvidenceFile> {
  if (!isAbsolute(path)) throw new MeshError('EVIDENCE_PATH_RELATIVE', `evidence must be named by an absolute path, not ${JSON.stringify(path)}`)
  let real: string
  let st: Stats
  try {
    real = await realpath(path)
    st = await stat(real)
  } catch (err) {
    if (errno(err) === 'EACCES') throw new MeshError('EVIDENCE_UNREADABLE', `${path} cannot be read: permission denied`)
    throw new MeshError('EVIDENCE_MISSING', `evidence file ${path} does not exist; COMPLETE needs a file`)
  }
  await checkEvidencePlace(real, st, paths)
  if (!st.isFile()) throw new MeshError('EVIDENCE_NOT_REGULAR', `${real} is not a regular file (a folder, FIFO, socket or device cannot be evidence)`)
  if (st.size > MAX_EVIDENCE_BYTES) throw new MeshError('EVIDENCE_TOO_LARGE', `${real} has ${st.size} bytes; evidence may have at most ${MAX_EVIDENCE_BYTES}`)
  const fh = await openChecked(real, st)
  try {
    const scanner = new SecretScanner(await homeSecrets(paths))
    const keys = new SecretScanner([...PRIVATE_KEY_MARKERS])
    const read = await readAll(fh, st.size, chunk => { scanner.feed(chunk); keys.feed(chunk) }, real)
    if (scanner.found) throw new MeshError('EVIDENCE_SECRET', `${real} contains a key or token of this aios-comm home; secrets are never evidence`)
    if (keys.found) throw new MeshError('EVIDENCE_SECRET', `${real} holds a private key; a small evidence file goes to the message's sender, so a key is never evidence`)
    return { path: real, sha256: read.sha256, size: st.size, content: read.content }
  } finally {
    await fh.close()
  }
}

export type Rehash = 'ok' | 'changed' | 'missing'

/** The recipient's node re-hashing the file its own seat acked with: bounded, never waiting on a FIFO. */
export async function rehashEvidence (path: string, sha256Hex: string, size: number): Promise<Rehash> {
  let fh: FileHandle
  try {
    // Looked at before it is opened: a device, FIFO or socket put there since is not opened at all.
    if (!(await lstat(path)).isFile()) return 'changed'
    fh = await open(path, OPEN_FLAGS)
  } catch (err) {
    return errno(err) === 'ENOENT' || errno(err) === 'ENOTDIR' ? 'missing' : 'changed'
  }
  try {
    const st = await fh.stat()
    if (!st.isFile() || st.size !== size) return 'changed'
    const read = await readAll(fh, size, () => {}, path)
    return Buffer.from(read.sha256).toString('hex') === sha256Hex ? 'ok' : 'changed'
  } catch {
    return 'changed'
  } finally {
    await fh.close()
  }
}

/** Opens the checked path; the descriptor must be the very regular file that was checked. */
async function openChecked (real: string, st: Stats): Promise<FileHandle> {
  let fh: FileHandle
  try {
    fh = await open(real, OPEN_FLAGS)
  } catch (err) {
    if (errno(err) === 'EACCES') throw new MeshError('EVIDENCE_UNREADABLE', `${real} cannot be read: permission denied`)
    throw new MeshError('EVIDENCE_CHANGED', `${real} changed while it was being checked; ack again once it is written`)
  }
  const now = await fh.stat()
  if (!now.isFile() || !sameFile(now, st)) {
    await fh.close()
    throw new MeshError('EVIDENCE_CHANGED', `${real} changed while it was being checked; ack again once it is written`)
  }
  return fh
}

/**
 * Reads exactly `size` bytes in chunks, hashing as it goes: a file that gives more or fewer bytes than its inode
 * states (a pseudo-file of /proc, a file being written) is refused as changed, and so is one whose inode moves.
 */
async function readAll (fh: FileHandle, size: number, onChunk: (chunk: Uint8Array) => void, what: string): Promise<{ sha256: Uint8Array, content?: Uint8Array }> {
  const before = await fh.stat()
  const hash = createHash('sha256')
  const keep = size <= MAX_EVIDENCE_CONTENT_BYTES ? Buffer.alloc(size) : undefined
  const buf = Buffer.alloc(CHUNK_BYTES)
  let total = 0
  for (;;) {
    const want = Math.min(CHUNK_BYTES, size + 1 - total) // one byte past the stated size tells a growing file
    const { bytesRead } = await fh.read(buf, 0, want, total)
    if (bytesRead === 0) break
    const chunk = buf.subarray(0, bytesRead)
    if (total + bytesRead > size) throw changed(what)
    hash.update(chunk)
    onChunk(chunk)
    keep?.set(chunk, total)
    total += bytesRead
  }
  if (total !== size || !sameFile(await fh.stat(), before)) throw changed(what)
  return { sha256: new Uint8Array(hash.digest()), content: keep === undefined ? undefined : new Uint8Array(keep) }
}

function changed (what: string): MeshError {
  return new MeshError('EVIDENCE_CHANGED', `${what} gave other bytes than its size states (a file being written, or a pseudo-file); ack again once it is written`)
}
