// Limits on what a message and its evidence may weigh.
export const MAX_FRAME_BYTES = 1 << 20 // one frame on a stream: a batch, or one large message; bigger goes by file
export const MAX_MESSAGE_BYTES = 768 * 1024 // a signed message envelope; leaves room in a frame for the batch framing
export const MAX_BODY_BYTES = 512 * 1024 // the body the CLI accepts; larger content belongs in a file
export const MAX_INLINE_EVIDENCE_BYTES = 64 * 1024 // evidence that travels inline so the sender can re-hash it
export const MAX_BATCH_MESSAGES = 256 // messages per deliver frame
export const MAX_BATCH_BYTES = 900 * 1024 // bytes per deliver frame, under MAX_FRAME_BYTES
export const MAX_OUTBOX_PER_DEST = 100_000 // pending items per destination before notify refuses
