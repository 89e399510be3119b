// TLS 1.3 between daemons, by the libp2p TLS spec (/tls/1.0.0), with one certificate for many connections.
// @libp2p/tls makes a new certificate for every connection (an ECDSA key, an X.509 certificate built in JavaScript,
// an Ed25519 signature) and Node parses its PEM key and certificate into a new secure context each time: about 15 ms
// of CPU per end of a connection here, paid 29 times by each node of a mesh of 30 as it forms and again after every
// sleep. The spec lets an endpoint reuse its key and certificate; this encrypter makes one per node, keeps its secure
// context, and makes a new one after CERT_REUSE_MS. The certificate itself, its check at the other end, and the
// stream wrappers are @libp2p/tls's own (`@libp2p/tls/utils`), so both ends speak what @libp2p/tls speaks.
import { TLSSocket, connect, createSecureContext, type SecureContext } from 'node:tls'
import { InvalidCryptoExchangeError, serviceCapabilities, type ComponentLogger, type ConnectionEncrypter, type MessageStream, type PrivateKey, type SecureConnectionOptions, type SecuredConnection, type StreamMuxerFactory, type Upgrader } from '@libp2p/interface'
import { generateCertificate, toMessageStream, toNodeDuplex, verifyPeerCertificate } from '@libp2p/tls/utils'

export const TLS_PROTOCOL = '/tls/1.0.0'
/** How long one certificate (and its key) serves new connections before the next is made. */
export const CERT_REUSE_MS = 24 * 60 * 60 * 1000
/** ALPN's name for "no early muxer": the muxer is then negotiated on the secured connection. */
const NO_EARLY_MUXER = 'libp2p'

export interface TlsComponents {
  privateKey: PrivateKey
  logger: ComponentLogger
  upgrader: Pick<Upgrader, 'getStreamMuxers'>
}

class HandshakeTimeoutError extends Error {
  constructor () {
    super('the TLS handshake was aborted')
    this.name = 'HandshakeTimeoutError'
  }
}

/** The certificate in use: made at most once at a time; one that failed to be made is not kept. */
interface Made { atMs: number, context: Promise<SecureContext> }

class OneCertTls implements ConnectionEncrypter {
  readonly protocol = TLS_PROTOCOL
  readonly [Symbol.toStringTag] = 'aios-comm TLS (one certificate per node)'
  readonly [serviceCapabilities] = ['@libp2p/connection-encryption']
  private made: Made | undefined
  private readonly log

  constructor (private readonly c: TlsComponents, private readonly now: () => number) {
    this.log = c.logger.forComponent('aios-comm:tls')
  }

  async secureInbound (connection: MessageStream, options?: SecureConnectionOptions): Promise<SecuredConnection> {
    return await this.secure(connection, true, options)
  }

  async secureOutbound (connection: MessageStream, options?: SecureConnectionOptions): Promise<SecuredConnection> {
    return await this.secure(connection, false, options)
  }

  /** The secure context of the certificate in use, made (with no connection's abort signal) when there is none or it is old. */
  private async context (): Promise<SecureContext> {
    const now = this.now()
    if (this.made === undefined || now - this.made.atMs >= CERT_REUSE_MS) {
      const made: Made = {
        atMs: now,
        context: generateCertificate(this.c.privateKey).then(({ cert, key }) => createSecureContext({ cert, key, minVersion: 'TLSv1.3', maxVersion: 'TLSv1.3' }))
      }
      made.context.catch(() => { if (this.made === made) this.made = undefined })
      this.made = made
    }
    return await this.made.context
  }

  private async secure (connection: MessageStream, isServer: boolean, options?: SecureConnectionOptions): Promise<SecuredConnection> {
    const secureContext = await this.context()
    options?.signal?.throwIfAborted()
    const muxers: Map<string, StreamMuxerFactory> = options?.skipStreamMuxerNegotiation === true ? new Map() : this.c.upgrader.getStreamMuxers()
    let streamMuxer: StreamMuxerFactory | undefined
    const tlsOptions = {
      secureContext,
      rejectUnauthorized: false, // the certificate is self-signed: verifyPeerCertificate checks it against the peer id
      ALPNProtocols: [...muxers.keys(), NO_EARLY_MUXER],
      // the server takes the first muxer the client offers that it has, else none early
      ALPNCallback: ({ protocols }: { protocols: string[] }): string | undefined => {
        for (const p of protocols) {
          streamMuxer = muxers.get(p)
          if (streamMuxer !== undefined) return p
        }
        return protocols.includes(NO_EARLY_MUXER) ? NO_EARLY_MUXER : undefined
      }
    }
    const duplex = toNodeDuplex(connection)
    const socket = isServer ? new TLSSocket(duplex, { ...tlsOptions, isServer: true, requestCert: true }) : connect({ ...tlsOptions, socket: duplex })
    duplex.on('error', err => socket.emit('error', err))
    const onAbort = (): void => { socket.emit('error', new HandshakeTimeoutError()) }
    options?.signal?.addEventListener('abort', onAbort)
    try {
      return await new Promise<SecuredConnection>((resolve, reject) => {
        socket.on('error', err => {
          this.log.error('securing the %s connection failed - %e', connection.direction, err)
          socket.destroy()
          connection.abort(err)
          reject(err)
        })
        socket.once('secure', () => {
          verifyPeerCertificate(socket.getPeerCertificate().raw, options?.remotePeer, this.log).then(remotePeer => {
            // the client learns the server's early muxer from ALPN
            if (!isServer && typeof socket.alpnProtocol === 'string' && socket.alpnProtocol !== NO_EARLY_MUXER && options?.skipStreamMuxerNegotiation !== true) {
              streamMuxer = muxers.get(socket.alpnProtocol)
              if (streamMuxer === undefined) {
                socket.emit('error', new InvalidCryptoExchangeError(`the muxer ${socket.alpnProtocol} the server chose is not one of ours`))
                return
              }
            }
            resolve({ remotePeer, connection: toMessageStream(connection, socket), streamMuxer })
          }, err => socket.emit('error', err))
        })
      })
    } finally {
      options?.signal?.removeEventListener('abort', onAbort)
    }
  }
}

/** The encrypter for a libp2p node's `connectionEncrypters`; `now` is for tests of the certificate's renewal. */
export function oneCertTls (now: () => number = Date.now): (components: TlsComponents) => ConnectionEncrypter {
  return components => new OneCertTls(components, now)
}
