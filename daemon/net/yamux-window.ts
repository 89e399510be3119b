// One yamux window update per half a window of data, not one per data frame. js-yamux answers every data frame it
// receives with a window update frame (its stream's handleData calls sendWindowUpdate, which sends whenever the
// receive capacity is below the full window), so every frame a daemon gets costs it a frame back — a record and a
// socket write, a wake-up of the peer — for nothing: the sender still had almost all of its window. The other yamux
// implementations (hashicorp's, which the spec comes from, and go-yamux) send one only once the window is half used
// or when the update carries a flag. This applies that rule to updates after received data; the stream's own other
// updates (the first one's SYN/ACK, a resume after a pause) are untouched, and so is the window's growth.
import { StreamState, YamuxStream } from '@libp2p/yamux/stream'

interface WindowState {
  state: StreamState
  recvWindow: number
  recvWindowCapacity: number
  sendWindowUpdate: () => void
  handleData: (frame: unknown) => void
}

const PATCHED = Symbol.for('aios-comm.yamux-window')
const IN_DATA = Symbol('aios-comm.yamux-in-data')

/** Whether a window update after received data is due: half the window used, or a flag to send with it. */
export function windowUpdateDue (s: Pick<WindowState, 'state' | 'recvWindow' | 'recvWindowCapacity'>): boolean {
  return s.state === StreamState.Init || s.state === StreamState.SYNReceived || s.state === StreamState.Paused || s.recvWindowCapacity < s.recvWindow / 2
}

/** Installs the rule on YamuxStream (once per process; idempotent). */
export function halfWindowUpdates (): void {
  const proto = YamuxStream.prototype as unknown as WindowState & { [PATCHED]?: true, [IN_DATA]?: boolean }
  if (proto[PATCHED] === true) return
  const handleData = proto.handleData
  const sendWindowUpdate = proto.sendWindowUpdate
  if (typeof handleData !== 'function' || typeof sendWindowUpdate !== 'function') throw new Error('@libp2p/yamux changed: YamuxStream has no handleData or sendWindowUpdate')
  proto.handleData = function (this: WindowState & { [IN_DATA]?: boolean }, frame: unknown) {
    this[IN_DATA] = true
    try {
      handleData.call(this, frame)
    } finally {
      this[IN_DATA] = false
    }
  }
  proto.sendWindowUpdate = function (this: WindowState & { [IN_DATA]?: boolean }) {
    if (this[IN_DATA] === true && !windowUpdateDue(this)) return
    sendWindowUpdate.call(this)
  }
  proto[PATCHED] = true
}

halfWindowUpdates()
