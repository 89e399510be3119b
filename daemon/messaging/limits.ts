// Limits on what a message and its evidence may weigh.
export const MAX_FRAME_BYTES = 1 << 20 // one frame on a stream: a batch, or one large message; bigger goes by file
export const MAX_MESSAGE_BYTES = 768 * 1024 // a signed message envelope; leaves room in a frame for the batch framing
export const MAX_BODY_BYTES = 512 * 1024 // the body the CLI accepts; larger content belongs in a file
// Evidence is hashed in 64 KiB reads off the event loop at ack time and re-hashed the same way on every status on
// the recipient's node (and the UI's page of recent obligations): 16 MiB keeps each well under a second. Larger
// artifacts belong in an artifact store, named in the sentence or in a small evidence file.
export const MAX_EVIDENCE_BYTES = 16 << 20
// Content that goes to the message's sender beside its COMPLETE receipt (bigger files: only the hash travels);
// a dozen fit in one deliver frame next to the receipts.
export const MAX_EVIDENCE_CONTENT_BYTES = 64 * 1024
export const MAX_BATCH_MESSAGES = 256 // messages per deliver frame
export const MAX_BATCH_BYTES = 900 * 1024 // bytes per deliver frame, under MAX_FRAME_BYTES
export const MAX_OUTBOX_PER_DEST = 100_000 // pending items per destination before notify refuses
