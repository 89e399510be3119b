// A daemon asked to stop stops cleanly (exit 0) however the signals come: several in a row, or the moment it is ready.
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { createMesh } from '../helpers/mesh.js'

describe('daemon signals', () => {
  it('a second SIGTERM (and a SIGINT) while stopping does not kill the daemon half-way', async () => {
    const [a] = await createMesh(1)
    const child = a.daemon.child!
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    child.kill('SIGTERM')
    child.kill('SIGINT')
    const [code, signal] = await exited
    expect({ code, signal }).toEqual({ code: 0, signal: null })
  })

  it('SIGTERM the moment the daemon says it is ready ends in a clean stop, not a kill', async () => {
    const [a] = await createMesh(1, { start: false })
    await a.daemon.start()
    const child = a.daemon.child!
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    const [code, signal] = await exited
    expect({ code, signal }).toEqual({ code: 0, signal: null })
  })
})
