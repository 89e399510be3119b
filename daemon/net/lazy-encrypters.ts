// The connection encrypters, each loaded on first use: TLS 1.3 (node:tls, the faster of the two here; ./tls.ts, one
// certificate per node) offered first, Noise second for peers that speak it alone. TLS brings @libp2p/tls's X.509 and
// ASN.1 stack, which took about a tenth of a daemon's start-up and several MiB of heap, @libp2p/noise its own ciphers
// and hashes: a daemon with no peer connected yet need not pay for either. Each stands in under its protocol id,
// checked against the loaded module's.
import { serviceCapabilities, type ConnectionEncrypter } from '@libp2p/interface'
import type { TlsComponents } from './tls.js'
import type { NoiseComponents } from '@libp2p/noise'

const TLS_PROTOCOL = '/tls/1.0.0' // ./tls.ts and @libp2p/tls
const NOISE_PROTOCOL = '/noise' // @libp2p/noise's protocol id

type Factory<C> = (components: C) => ConnectionEncrypter

/** An encrypter that answers to `protocol` and loads the real one (from `load`) when the first connection needs it. */
function lazyEncrypter<C> (protocol: string, name: string, load: () => Promise<Factory<C>>): Factory<C> {
  return components => {
    let real: Promise<ConnectionEncrypter> | undefined
    const loaded = async (): Promise<ConnectionEncrypter> => await (real ??= load().then(make => {
      const enc = make(components)
      if (enc.protocol !== protocol) throw new Error(`${name} speaks ${enc.protocol}, not ${protocol}`)
      return enc
    }))
    return {
      protocol,
      [Symbol.toStringTag]: `${name} (loaded on first use)`,
      [serviceCapabilities]: ['@libp2p/connection-encryption'],
      secureInbound: async (connection, options) => await (await loaded()).secureInbound(connection, options),
      secureOutbound: async (connection, options) => await (await loaded()).secureOutbound(connection, options)
    } as ConnectionEncrypter
  }
}

export function lazyTls (): Factory<TlsComponents> {
  return lazyEncrypter(TLS_PROTOCOL, 'TLS', async () => (await import('./tls.js')).oneCertTls())
}

export function lazyNoise (): Factory<NoiseComponents> {
  return lazyEncrypter(NOISE_PROTOCOL, '@libp2p/noise', async () => (await import('@libp2p/noise')).noise())
}
