// Disk faults for a daemon's home: a small tmpfs mounted over the home (so it can be filled to ENOSPC and
// remounted read-only), and byte-level damage to the SQLite write-ahead log. Mounting needs root.
import { execFileSync } from 'node:child_process'
import { appendFileSync, cpSync, mkdtempSync, rmSync, statSync, truncateSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface SmallDisk {
  dir: string
  fill: () => void
  free: () => void
  readOnly: (ro: boolean) => void
  unmount: () => void
}

/** Mounts a tmpfs of `bytes` over `dir`, keeping what `dir` held; a string says why it cannot be done here. */
export function mountSmallDisk (dir: string, bytes: number): SmallDisk | string {
  const keep = mkdtempSync(join(tmpdir(), 'aios-disk-keep-'))
  try {
    cpSync(dir, keep, { recursive: true })
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0700`, 'tmpfs', dir], { stdio: 'pipe' })
  } catch (err) {
    rmSync(keep, { recursive: true, force: true })
    return `cannot mount a tmpfs here (${(err as Error).message.split('\n')[0]}); needs root and mount(8)`
  }
  cpSync(keep, dir, { recursive: true })
  rmSync(keep, { recursive: true, force: true })
  const filler = join(dir, 'filler')
  return {
    dir,
    fill: () => {
      const chunk = Buffer.alloc(64 * 1024, 0xa5)
      for (;;) {
        try {
          appendFileSync(filler, chunk)
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err
          break
        }
      }
      // The last partial block too: nothing may be left for SQLite.
      for (const size of [4096, 512, 1]) {
        try {
          for (;;) appendFileSync(filler, Buffer.alloc(size))
        } catch {}
      }
    },
    free: () => rmSync(filler, { force: true }),
    readOnly: ro => execFileSync('mount', ['-o', `remount,${ro ? 'ro' : 'rw'}`, dir], { stdio: 'pipe' }),
    unmount: () => execFileSync('umount', ['-l', dir], { stdio: 'pipe' })
  }
}

const WAL_HEADER_BYTES = 32
const FRAME_HEADER_BYTES = 24

/** Frames in a WAL file and the page size they use. */
export function walFrames (walPath: string): { frames: number, pageSize: number } {
  const buf = readFileSync(walPath)
  const pageSize = buf.readUInt32BE(8)
  return { frames: Math.floor((statSync(walPath).size - WAL_HEADER_BYTES) / (FRAME_HEADER_BYTES + pageSize)), pageSize }
}

/** Flips one byte inside the page data of frame `index` (0-based), as bit rot would. */
export function flipWalByte (walPath: string, index: number, offsetInPage = 100): void {
  const { pageSize } = walFrames(walPath)
  const buf = readFileSync(walPath)
  const at = WAL_HEADER_BYTES + index * (FRAME_HEADER_BYTES + pageSize) + FRAME_HEADER_BYTES + offsetInPage
  buf[at] ^= 0xff
  writeFileSync(walPath, buf)
}

/** Cuts the WAL file after `frames` whole frames and `extra` bytes of the next. */
export function truncateWal (walPath: string, frames: number, extra = 0): void {
  const { pageSize } = walFrames(walPath)
  truncateSync(walPath, WAL_HEADER_BYTES + frames * (FRAME_HEADER_BYTES + pageSize) + extra)
}
