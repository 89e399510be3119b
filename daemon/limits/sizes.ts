// Limits on what a message, a receipt and their fields may weigh.
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
export const MAX_BATCH_BYTES = 900 * 1024 // bytes per deliver frame, under net's MAX_FRAME_BYTES (1 MiB)
export const MAX_OUTBOX_PER_DEST = 100_000 // pending items per destination before notify refuses

// Fields that become part of a signed message or fact. Each is checked where a command enters (FIELD_TOO_LARGE) and
// again when a peer's receipt or card arrives, so no node signs or stores a fact it cannot serve: the biggest
// receipt these allow must fit in one sync page, one gossip message and one deliver frame
// (test/daemon/delivery/receipt-size.test.ts computes it).
export const MAX_NOTE_BYTES = 4 * 1024 // an ack sentence or a reject reason: one human sentence, with room to spare
export const MAX_EVIDENCE_PATH_BYTES = 4096 // PATH_MAX on Linux; a longer path cannot be opened anyway
export const MAX_RECEIPT_CODE_BYTES = 64 // a refusal code in a receipt: an UPPER_SNAKE word
export const MAX_HANDLE_BYTES = 63 // HANDLE_PATTERN allows 1-63 characters, all ASCII
export const MAX_THREAD_BYTES = 256 // a conversation id (A2A contextId): an id, not a text
export const MAX_CONTENT_TYPE_BYTES = 256 // RFC 6838: type and subtype of at most 127 characters each, plus parameters
export const MAX_IDEMPOTENCY_KEY_BYTES = 256 // a client's key: a UUID, a hash or a job name, with its prefix (a2a:, cli:)
export const MAX_REVOCATION_REASON_BYTES = 4 * 1024 // why a key was revoked, for the operators: a sentence or two
export const MAX_MODEL_BYTES = 256 // a model name a seat states in its card
export const MAX_PANE_BYTES = 16 // a tmux pane id: % and a number
export const MAX_CARRIER_BYTES = 32 // a carrier kind's name
export const MAX_DESCRIPTION_BYTES = 1024 // a card's description: one line about the seat
// A whole signed receipt: note, evidence path, code, two handles, ids, the sender-signed header and two batch proofs
// (the receipt's and the header's, at most 32 path entries each for 2^32 items) come to about 11 KiB at the limits
// above (evidence content never rides in a receipt), a step on role work about 0.7 KiB more for the lease it carries;
// the rest is room for the envelope's framing.
export const MAX_RECEIPT_BYTES = 16 * 1024
