// One home opened for work: its paths, validated config, store and keys. Used by the daemon and by setup commands.
import { existsSync } from 'node:fs'
import { privateKeyFromRaw } from '@libp2p/crypto/keys'
import { peerIdFromPrivateKey } from '@libp2p/peer-id'
import { MeshError, parseKeyText, renewalKey, type CardSecurity, type KeyPair, type TrustContext } from '../../cards/index.js'
import { homePaths, actorKeyPath, type HomePaths } from './paths.js'
import { loadConfig, type NodeConfig } from './config.js'
import { readKeyFile } from './files.js'
import { Store } from '../store/index.js'

export class HomeContext {
  readonly paths: HomePaths
  readonly config: NodeConfig
  readonly store: Store
  /** Set by a running daemon: the addresses it really listens on, which its seats' cards announce. */
  liveAddresses?: () => string[]
  /** Set by a running daemon with the A2A bridge: the extra interfaces a seat's card declares. */
  liveInterfaces?: (handle: string) => Array<{ url: string, protocolBinding: string, protocolVersion?: string }>
  /** Set by a running daemon whose A2A bridge needs a token: the scheme a seat's card declares for it. */
  liveSecurity?: () => CardSecurity | undefined
  /** The running daemon's reach: does it serve as a relay and mailbox, and which nodes hold its seats' mail. */
  liveReach?: () => { relay: boolean, mailboxes: string[] }
  private peerIdText?: string

  private constructor (root: string) {
    this.paths = homePaths(root)
    this.config = loadConfig(this.paths.config)
    this.store = Store.open(this.paths.db)
  }

  /** Opens an initialized home; NOT_INITIALIZED when `init` has not run there. */
  static open (root: string): HomeContext {
    return new HomeContext(root)
  }

  close (): void {
    this.store.close()
  }

  nodeKey (): KeyPair {
    return readKeyFile(this.paths.nodeKey, 'node key')
  }

  async peerId (): Promise<string> {
    if (this.peerIdText === undefined) {
      // the key file's public key (checked against its seed when read): libp2p would derive it again, in JS
      const { seed, publicKey } = this.nodeKey()
      this.peerIdText = peerIdFromPrivateKey(privateKeyFromRaw(Buffer.concat([seed, publicKey]))).toString()
    }
    return this.peerIdText
  }

  /**
   * The mesh owner key, when this home created the mesh. A home whose store says it owns a mesh while the key file is
   * gone fails (MESH_KEY_MISSING) rather than act as a home that never owned one: a seat added would ask to be admitted
   * by a key nobody holds, and `mesh create` would make a second mesh no member trusts.
   */
  meshOwnerKey (): KeyPair | undefined {
    if (existsSync(this.paths.meshKey)) return readKeyFile(this.paths.meshKey, 'mesh key')
    const owned = this.store.identity.meshes().find(m => m.owned)
    if (owned !== undefined) throw new MeshError('MESH_KEY_MISSING', `${this.paths.meshKey} is missing, but this home created mesh ${owned.meshKey}; restore the file from a backup`)
    return undefined
  }

  requireMeshOwnerKey (): KeyPair {
    const key = this.meshOwnerKey()
    if (key === undefined) throw new MeshError('MESH_NOT_OWNER', 'this home does not hold a mesh owner key; run this on the home that ran aios-comm mesh create')
    return key
  }

  actorKey (handle: string): KeyPair {
    return readKeyFile(actorKeyPath(this.paths, handle), `key of ${handle}`)
  }

  trustedMeshes (): Set<string> {
    return new Set(this.store.identity.meshes().map(m => m.meshKey))
  }

  trustContext (nowMs = Date.now()): Omit<TrustContext, 'held'> {
    return { trustedMeshes: this.trustedMeshes(), revocations: this.store.identity.revocationMap(), renewals: this.renewalMap(), nowMs }
  }

  /** Renewed endorsements held, by handle and key (see checkEndorsement). */
  renewalMap (): Map<string, Uint8Array[]> {
    const map = new Map<string, Uint8Array[]>()
    for (const r of this.store.identity.renewals()) {
      const k = renewalKey(r.handle, r.actorKey)
      map.set(k, [...map.get(k) ?? [], r.envelope])
    }
    return map
  }

  /** The one mesh a seat joins by default: --mesh, else the owned mesh, else the only trusted one. */
  chooseMesh (explicit?: string): Uint8Array {
    const meshes = this.store.identity.meshes()
    if (explicit !== undefined) {
      const key = parseKeyText(explicit)
      if (key === undefined) throw new MeshError('KEY_INVALID', `${explicit} is not a key (ed25519:<base64url>)`)
      if (!meshes.some(m => m.meshKey === explicit)) throw new MeshError('MESH_UNKNOWN', `this home does not trust mesh ${explicit}; run aios-comm mesh trust ${explicit}`)
      return key
    }
    const owned = meshes.find(m => m.owned)
    if (owned !== undefined) return parseKeyText(owned.meshKey) as Uint8Array
    if (meshes.length === 1) return parseKeyText(meshes[0].meshKey) as Uint8Array
    if (meshes.length === 0) throw new MeshError('MESH_NONE', 'this home trusts no mesh; run aios-comm mesh create, or aios-comm mesh trust KEY')
    throw new MeshError('MESH_AMBIGUOUS', 'this home trusts several meshes; name one with --mesh KEY')
  }
}
