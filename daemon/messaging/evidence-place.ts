// Where evidence may come from: anywhere but the node's home, except the home's own evidence/ folder. Judged on real
// paths (symlinks and `..` resolved) and, for a file with more than one name, on its inode: a hard link to a key
// outside the home is still the key.
import type { Stats } from 'node:fs'
import { lstat, readdir, realpath } from 'node:fs/promises'
import { join, relative, isAbsolute } from 'node:path'
import { MeshError } from '../../cards/index.js'
import type { HomePaths } from '../home/paths.js'

const MAX_HOME_DEPTH = 4 // keys/, requests/, endorsements/, exports/: the home is shallow
const MAX_HOME_ENTRIES = 10_000 // a home holds a few dozen files; the walk stops long before it could stall

function inside (path: string, dir: string): boolean {
  const r = relative(dir, path)
  return r === '' || (!r.startsWith('..') && !isAbsolute(r))
}

async function realOrUndefined (path: string): Promise<string | undefined> {
  try {
    return await realpath(path)
  } catch {
    return undefined
  }
}

/** Refuses (EVIDENCE_IN_HOME) a file whose real path, or whose inode, belongs to the home outside evidence/. */
export async function checkEvidencePlace (real: string, st: Stats, paths: HomePaths): Promise<void> {
  const home = await realOrUndefined(paths.root) ?? paths.root
  // evidence/ counts only as the real folder it is meant to be: a link there to keys/ opens nothing.
  const evidence = await realOrUndefined(paths.evidence)
  const allowed = evidence !== undefined && evidence === join(home, 'evidence')
  if (inside(real, home) && !(allowed && inside(real, evidence) && real !== evidence)) {
    throw new MeshError('EVIDENCE_IN_HOME', `${real} lies inside the aios-comm home ${home}; only files in ${join(home, 'evidence')} or outside the home can be evidence`)
  }
  if (st.nlink > 1 && await homeHoldsInode(home, st)) {
    throw new MeshError('EVIDENCE_IN_HOME', `${real} is another name (a hard link) of a file inside the aios-comm home ${home}`)
  }
}

/** Whether a file of the home (evidence/ aside) is this very inode. */
async function homeHoldsInode (home: string, st: Stats): Promise<boolean> {
  let seen = 0
  const walk = async (dir: string, depth: number): Promise<boolean> => {
    let names: string[]
    try {
      names = await readdir(dir)
    } catch {
      return false
    }
    for (const name of names) {
      if (++seen > MAX_HOME_ENTRIES) return false
      const path = join(dir, name)
      if (depth === 0 && name === 'evidence') continue
      let s: Stats
      try {
        s = await lstat(path)
      } catch {
        continue
      }
      if (s.ino === st.ino && s.dev === st.dev) return true
      if (s.isDirectory() && depth < MAX_HOME_DEPTH && await walk(path, depth + 1)) return true
    }
    return false
  }
  return await walk(home, 0)
}
