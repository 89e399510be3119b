// TLS 1.3 (node:tls, the faster of the two here) offered first, loaded on first use: @libp2p/tls brings an X.509 and
// ASN.1 stack that took about a tenth of a daemon's start-up and several MiB of heap, which a daemon with no peer
// connected yet need not pay.
import { serviceCapabilities, type ConnectionEncrypter } from '@libp2p/interface'
import type { TLSComponents } from '@libp2p/tls'

const TLS_PROTOCOL = '/tls/1.0.0' // @libp2p/tls PROTOCOL; tested against the loaded module's

export function lazyTls (): (components: TLSComponents) => ConnectionEncrypter {
  return components => {
    let real: Promise<ConnectionEncrypter> | undefined
    const load = async (): Promise<ConnectionEncrypter> => await (real ??= import('@libp2p/tls').then(m => {
      const enc = m.tls()(components)
      if (enc.protocol !== TLS_PROTOCOL) throw new Error(`@libp2p/tls speaks ${enc.protocol}, not ${TLS_PROTOCOL}`)
      return enc
    }))
    return {
      protocol: TLS_PROTOCOL,
      [Symbol.toStringTag]: '@libp2p/tls (loaded on first use)',
      [serviceCapabilities]: ['@libp2p/connection-encryption'],
      secureInbound: async (connection, options) => await (await load()).secureInbound(connection, options),
      secureOutbound: async (connection, options) => await (await load()).secureOutbound(connection, options)
    } as ConnectionEncrypter
  }
}
