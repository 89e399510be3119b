// The span attributes: OpenTelemetry's messaging semantic conventions where they fit (names copied here as the
// conventions advise for attributes not yet stable), and this system's own under aios-comm.*.

export const MESSAGING_SYSTEM = 'messaging.system'
export const MESSAGING_OPERATION_TYPE = 'messaging.operation.type'
export const MESSAGING_OPERATION_NAME = 'messaging.operation.name'
export const MESSAGING_MESSAGE_ID = 'messaging.message.id'
export const MESSAGING_DESTINATION_NAME = 'messaging.destination.name'
export const MESSAGING_MESSAGE_BODY_SIZE = 'messaging.message.body.size'
export const MESSAGING_BATCH_MESSAGE_COUNT = 'messaging.batch.message_count'

/** The node a span happened on (its libp2p peer id; also the resource's service.instance.id). */
export const NODE = 'aios-comm.node'
/** The seat that took the step: the sender for send and delivery, the recipient seat after. */
export const SEAT = 'aios-comm.seat'
/** The node a delivery went to. */
export const PEER = 'aios-comm.peer'
/** How a delivery attempt ended: delivered, retry or failed. */
export const OUTCOME = 'aios-comm.outcome'

export const SYSTEM = 'aios-comm'
export const SERVICE = 'aios-comm'

// a peer's error text is shown, never trusted to be short
export const MAX_ERROR_CHARS = 200
