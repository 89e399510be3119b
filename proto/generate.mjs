// Regenerates proto/gen/ (static protobufjs module + types) from proto/mesh.proto: `npm run generate`.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const bin = join(here, '..', 'node_modules', '.bin')
const gen = join(here, 'gen')
mkdirSync(gen, { recursive: true })

const js = join(gen, 'mesh.js')
execFileSync(join(bin, 'pbjs'), [
  '-t', 'static-module', '-w', 'es6', '--no-create', '--no-verify', '--no-convert', '--no-delimited', '--no-service',
  '--force-number', '-o', js, join(here, 'mesh.proto')
], { stdio: 'inherit' })
// Node's ESM loader needs the file extension on the runtime import.
writeFileSync(js, readFileSync(js, 'utf8').replace(/from "protobufjs\/minimal"/g, 'from "protobufjs/minimal.js"'))
execFileSync(join(bin, 'pbts'), ['-o', join(gen, 'mesh.d.ts'), js], { stdio: 'inherit' })
