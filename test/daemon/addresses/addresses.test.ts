// The addresses a card states: real os.networkInterfaces() shapes of a laptop running Docker and libvirt, a VM,
// and a container-only host; loopback, link-local and bridge addresses never go out, public ones come first.
import { describe, expect, it } from 'vitest'
import type { NetworkInterfaceInfo } from 'node:os'
import { addressKind, expandListen, honestAddresses, ipKind } from '../../../daemon/addresses/index.js'

type Ifaces = NodeJS.Dict<NetworkInterfaceInfo[]>

const v4 = (address: string, internal = false): NetworkInterfaceInfo =>
  ({ address, netmask: '255.255.255.0', family: 'IPv4', mac: '02:42:ac:11:00:01', internal, cidr: `${address}/24` })
const v6 = (address: string, scopeid = 0, internal = false): NetworkInterfaceInfo =>
  ({ address, netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '02:42:ac:11:00:01', internal, cidr: `${address}/64`, scopeid })

// `ip addr` of a developer laptop: Wi-Fi, Docker with a user network and a container, libvirt, a VPN, link-local
const LAPTOP: Ifaces = {
  lo: [v4('127.0.0.1', true), v6('::1', 0, true)],
  wlp2s0: [v4('192.168.1.23'), v6('2a01:e0a:1f3:5c0::1a2b'), v6('fe80::8a3c:4ff:fe1d:2b7c', 3)],
  docker0: [v4('172.17.0.1'), v6('fe80::42:5ff:fe9a:1c0d', 4)],
  'br-5f0c3a9e21d7': [v4('172.18.0.1')],
  veth3c1f2aa: [v6('fe80::d4c1:9bff:fe22:71aa', 7)],
  virbr0: [v4('192.168.122.1')],
  tailscale0: [v4('100.101.7.12')],
  enp0s31f6: [v4('169.254.12.7')] // no DHCP answer: an auto-configured link-local address
}

// a cloud VM: one public address, Docker installed
const VM: Ifaces = {
  lo: [v4('127.0.0.1', true)],
  ens5: [v4('203.0.113.40'), v6('2001:db8:7:1::40')],
  docker0: [v4('172.17.0.1')],
  'cni0': [v4('10.244.0.1')]
}

const laptopBound = expandListen(['/ip4/0.0.0.0/tcp/7733', '/ip6/::/tcp/7733'], LAPTOP)

describe('honest addresses', () => {
  it('a laptop states its LAN, public IPv6 and VPN addresses, never loopback, link-local or a bridge', () => {
    const out = honestAddresses({ bound: laptopBound, confirmed: [], announce: [], announceOnly: false, interfaces: LAPTOP })
    expect(out).toEqual([
      '/ip6/2a01:e0a:1f3:5c0::1a2b/tcp/7733',
      '/ip4/192.168.1.23/tcp/7733',
      '/ip4/100.101.7.12/tcp/7733'
    ])
  })

  it('a VM states its public addresses first, then a confirmed one, never docker0 or cni0', () => {
    const bound = expandListen(['/ip4/0.0.0.0/tcp/7733', '/ip4/0.0.0.0/tcp/443/ws'], VM)
    const out = honestAddresses({ bound, confirmed: ['/ip4/198.51.100.9/tcp/7733'], announce: [], announceOnly: false, interfaces: VM })
    expect(out).toEqual(['/ip4/203.0.113.40/tcp/7733', '/ip4/203.0.113.40/tcp/443/ws', '/ip4/198.51.100.9/tcp/7733'])
  })

  it('relay addresses are kept, after public and before private', () => {
    const relay = '/ip4/203.0.113.40/tcp/7733/p2p/12D3KooWLzFTq7DjdgxyW2ZQYh3L5L1ddTmL8WtH6bB8gWpB8Xcz/p2p-circuit'
    const out = honestAddresses({ bound: [...laptopBound, relay], confirmed: [], announce: [], announceOnly: false, interfaces: LAPTOP })
    expect(out.indexOf(relay)).toBe(1)
    expect(out[0]).toBe('/ip6/2a01:e0a:1f3:5c0::1a2b/tcp/7733')
  })

  it('announce adds to what was found, or is all of it with announceOnly', () => {
    const announce = ['/dns4/laptop.example.org/tcp/7733']
    expect(honestAddresses({ bound: laptopBound, confirmed: [], announce, announceOnly: false, interfaces: LAPTOP })).toContain(announce[0])
    expect(honestAddresses({ bound: laptopBound, confirmed: [], announce, announceOnly: true, interfaces: LAPTOP })).toEqual(announce)
  })

  it('loopback only on a node that listens nowhere else', () => {
    expect(honestAddresses({ bound: ['/ip4/127.0.0.1/tcp/4001'], confirmed: [], announce: [], announceOnly: false, interfaces: LAPTOP })).toEqual(['/ip4/127.0.0.1/tcp/4001'])
    const bound = expandListen(['/ip4/0.0.0.0/tcp/7733'], { lo: [v4('127.0.0.1', true)] })
    expect(honestAddresses({ bound, confirmed: [], announce: [], announceOnly: false, interfaces: { lo: [v4('127.0.0.1', true)] } })).toEqual(['/ip4/127.0.0.1/tcp/7733'])
  })

  it('kinds by range where no interface holds the address, by the interface name where one does', () => {
    expect(ipKind('169.254.1.1')).toBe('link-local')
    expect(ipKind('fe80::1')).toBe('link-local')
    expect(ipKind('febf::1')).toBe('link-local')
    expect(ipKind('172.17.0.5')).toBe('container')
    expect(ipKind('fd12::1')).toBe('private')
    expect(ipKind('::ffff:10.0.0.1')).toBe('private')
    expect(ipKind('8.8.8.8')).toBe('public')
    expect(ipKind('224.0.0.251')).toBe('other')
    // a LAN on 172.17/16 is still a LAN when its interface is not a bridge
    expect(addressKind('/ip4/172.17.5.9/tcp/7733', { eth0: [v4('172.17.5.9')] })).toBe('private')
    // and a bridge on an ordinary range is still a bridge
    expect(addressKind('/ip4/10.5.0.1/tcp/7733', { 'br-0a1b2c': [v4('10.5.0.1')] })).toBe('container')
  })
})
