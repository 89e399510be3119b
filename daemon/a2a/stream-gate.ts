// How many streams a bridge has open (SendStreamingMessage, SubscribeToTask, all seats together): past its limit a
// new one is refused with A2A_TOO_MANY_STREAMS before anything is sent.
import { a2aError } from './errors.js'

export class StreamGate {
  private open = 0

  constructor (private readonly max: number) {}

  /** A slot for one stream, given back by the function returned (once, however often it is called). */
  take (): () => void {
    if (this.open >= this.max) {
      throw a2aError('A2A_TOO_MANY_STREAMS', `${this.max} streams are open on this bridge; close one (or wait for its task to end) and subscribe again`)
    }
    this.open++
    let given = false
    return () => {
      if (given) return
      given = true
      this.open--
    }
  }
}
