// What a node's addresses are: loopback, link-local, bridge, private or public, and which of them cards may state.
// Pure functions over os.networkInterfaces(): the CLI uses them without loading the network stack.
export { honestAddresses, expandListen, addressKind, ipKind, hostKind, multiaddrIp, type AddressKind, type AddressFacts } from './addresses.js'
