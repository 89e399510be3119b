// Who asks the daemon to act: the node's own user (control socket, loopback HTTP), or a seat on the seat socket.

/**
 * `node`: the control socket (mode 0600: the node's Unix user, who holds every key in the home) or one of the
 * daemon's loopback HTTP surfaces, with the seat token it presents, if any. `seat`: the seat socket, where every
 * request carried a valid token; `seat` is the one seat that token belongs to.
 */
export type Caller =
  | { via: 'node', seatToken?: string }
  | { via: 'seat', seat: string }

/** A caller that presents no seat token: may act as any seat that is not isolated. */
export const NODE_CALLER: Caller = Object.freeze({ via: 'node' })
