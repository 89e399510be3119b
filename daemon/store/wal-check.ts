// Checks a database's write-ahead log before SQLite opens it. SQLite's recovery stops at the first WAL frame whose
// checksum fails and silently drops every frame after it, committed or not; that is right for a write torn by a
// crash, and silent loss of acknowledged data for a log damaged later. This check tells the two apart where the
// files allow it and refuses the damaged store instead of letting SQLite discard data without a word.
import { closeSync, existsSync, fstatSync, openSync, readSync, statSync } from 'node:fs'

const WAL_HEADER_BYTES = 32
const FRAME_HEADER_BYTES = 24
const WAL_MAGIC_LE = 0x377f0682 // checksums over little-endian words
const WAL_MAGIC_BE = 0x377f0683 // checksums over big-endian words
const WAL_INDEX_VERSION = 3007000
const WAL_INDEX_HEADER_BYTES = 48 // stored twice at the start of the -shm file

export type WalVerdict =
  | { ok: true, frames: number }
  | { ok: false, code: 'STORE_WAL_CORRUPT' | 'STORE_WAL_TRUNCATED', reason: string }

interface Header { bigEndian: boolean, pageSize: number, salt1: number, salt2: number, salts: Buffer, cksum: [number, number] }

/** Fletcher-like WAL checksum (SQLite's walChecksumBytes), continued from `seed`. */
function checksum (buf: Buffer, bigEndian: boolean, seed: [number, number]): [number, number] {
  let s0 = seed[0]
  let s1 = seed[1]
  for (let i = 0; i + 8 <= buf.length; i += 8) {
    const x0 = bigEndian ? buf.readUInt32BE(i) : buf.readUInt32LE(i)
    const x1 = bigEndian ? buf.readUInt32BE(i + 4) : buf.readUInt32LE(i + 4)
    s0 = (s0 + x0 + s1) >>> 0
    s1 = (s1 + x1 + s0) >>> 0
  }
  return [s0, s1]
}

function readHeader (buf: Buffer): Header | undefined {
  const magic = buf.readUInt32BE(0)
  if (magic !== WAL_MAGIC_LE && magic !== WAL_MAGIC_BE) return undefined
  const bigEndian = magic === WAL_MAGIC_BE
  const raw = buf.readUInt32BE(8)
  const pageSize = raw === 1 ? 65536 : raw
  const cksum = checksum(buf.subarray(0, 24), bigEndian, [0, 0])
  if (cksum[0] !== buf.readUInt32BE(24) || cksum[1] !== buf.readUInt32BE(28)) return undefined
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return undefined
  return { bigEndian, pageSize, salt1: buf.readUInt32BE(16), salt2: buf.readUInt32BE(20), salts: Buffer.from(buf.subarray(16, 24)), cksum }
}

/** The last writer's committed frame count from the -shm wal-index, when that index is intact and of this log. */
function indexedFrames (shmPath: string, h: Header): number | undefined {
  const buf = readAll(shmPath, WAL_INDEX_HEADER_BYTES * 2)
  if (buf === undefined || buf.length < WAL_INDEX_HEADER_BYTES * 2) return undefined
  if (!buf.subarray(0, WAL_INDEX_HEADER_BYTES).equals(buf.subarray(WAL_INDEX_HEADER_BYTES))) return undefined
  // The wal-index is in native byte order; SQLite only runs little-endian here (x86-64, arm64).
  if (buf.readUInt32LE(0) !== WAL_INDEX_VERSION || buf[12] !== 1) return undefined
  const ck = checksum(buf.subarray(0, 40), false, [0, 0])
  if (ck[0] !== buf.readUInt32LE(40) || ck[1] !== buf.readUInt32LE(44)) return undefined
  if (!buf.subarray(32, 40).equals(h.salts)) return undefined // copied byte for byte from the log header
  return buf.readUInt32LE(16)
}

/**
 * The bytes in a store's log; 0 when there is none. Another process may remove the log at any moment (the last
 * connection to close checkpoints it and deletes it), so a log that is gone by the time it is measured is an empty one.
 */
export function logBytes (dbPath: string): number {
  try {
    return statSync(`${dbPath}-wal`).size
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0
    throw err
  }
}

/**
 * afterReboot: the machine restarted since the store was last opened. The -shm index was never fsynced, so it may
 * count frames of relaxed commits (synchronous=NORMAL) whose log pages never reached the disk, and those unsynced
 * pages may have reached it torn, in any order: neither a short log nor a damaged frame with verified commits after
 * it is then evidence of damage, and SQLite's recovery keeps every commit up to the last fsync.
 */
export function checkWal (dbPath: string, opts: { afterReboot?: boolean } = {}): WalVerdict {
  const walPath = `${dbPath}-wal`
  const buf = existsSync(walPath) ? readAll(walPath) : undefined
  if (buf === undefined || buf.length < WAL_HEADER_BYTES) return { ok: true, frames: 0 }
  const h = readHeader(buf)
  if (h === undefined) {
    // SQLite ignores a log whose header is damaged; any frames in it would be dropped unseen.
    return buf.length > WAL_HEADER_BYTES
      ? { ok: false, code: 'STORE_WAL_CORRUPT', reason: `the header of ${walPath} is damaged; the ${buf.length} bytes of log after it would be ignored` }
      : { ok: true, frames: 0 }
  }
  const frameBytes = FRAME_HEADER_BYTES + h.pageSize
  const total = Math.floor((buf.length - WAL_HEADER_BYTES) / frameBytes)
  const frameAt = (i: number): Buffer => buf.subarray(WAL_HEADER_BYTES + i * frameBytes, WAL_HEADER_BYTES + (i + 1) * frameBytes)
  const ours = (f: Buffer): boolean => f.readUInt32BE(8) === h.salt1 && f.readUInt32BE(12) === h.salt2
  const verifies = (f: Buffer, seed: [number, number]): boolean => {
    const c = checksum(Buffer.concat([f.subarray(0, 8), f.subarray(FRAME_HEADER_BYTES)]), h.bigEndian, seed)
    return ours(f) && c[0] === f.readUInt32BE(16) && c[1] === f.readUInt32BE(20)
  }
  const stored = (f: Buffer): [number, number] => [f.readUInt32BE(16), f.readUInt32BE(20)]
  let seed = h.cksum
  let good = 0
  while (good < total && verifies(frameAt(good), seed)) seed = stored(frameAt(good++))
  if (opts.afterReboot === true) return { ok: true, frames: good }
  const indexed = indexedFrames(`${dbPath}-shm`, h)
  if (indexed !== undefined && indexed > total) {
    return { ok: false, code: 'STORE_WAL_TRUNCATED', reason: `${walPath} holds ${total} whole frames but its last writer committed ${indexed}: the log was cut short` }
  }
  if (indexed !== undefined && good < indexed) {
    return { ok: false, code: 'STORE_WAL_CORRUPT', reason: `frame ${good + 1} of ${walPath} fails its checksum; ${indexed - good} committed frames would be dropped` }
  }
  // Without an index: a damaged frame followed by a later transaction that verifies means the damaged one was
  // written whole before that transaction began (one writer writes the log in order, and within one boot the OS
  // loses nothing it was given; after a restart the check stopped above), so it is not a torn last write.
  let commitSeen = false
  for (let i = good; i < total; i++) {
    const f = frameAt(i)
    if (i > good && commitSeen && ours(f) && verifies(f, stored(frameAt(i - 1)))) {
      return { ok: false, code: 'STORE_WAL_CORRUPT', reason: `frame ${good + 1} of ${walPath} fails its checksum and committed frames follow it` }
    }
    if (ours(f) && f.readUInt32BE(4) !== 0) commitSeen = true
  }
  return { ok: true, frames: good }
}

function readAll (path: string, limit?: number): Buffer | undefined {
  let fd: number | undefined
  try {
    fd = openSync(path, 'r')
    const size = fstatSync(fd).size
    const buf = Buffer.alloc(limit === undefined ? size : Math.min(size, limit))
    let off = 0
    while (off < buf.length) {
      const n = readSync(fd, buf, off, buf.length - off, off)
      if (n === 0) break
      off += n
    }
    return buf.subarray(0, off)
  } catch {
    return undefined
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}
