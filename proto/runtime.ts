// Configures protobufjs before the generated code loads: 64-bit fields decode as plain numbers (ms timestamps, seqs).
import protobuf from 'protobufjs/minimal.js'

protobuf.util.Long = undefined as unknown as typeof protobuf.util.Long
protobuf.configure()

export {}
