// receipts: the lattice, signing and verification of receipts.
export { LATTICE, deriveState, isFinal, nextState, rank, type ObligationState } from './state.js'
export { parseSlot, slotOf, stepOf, type Slot } from './slot.js'
export { signReceipt, signReceipts, type SignedReceipt } from './sign.js'
export { checkReceipt, headerOf, openReceipt, signerOf, type MessageRef, type OpenedReceipt, type ReceiptCheck, type ReceiptSigner } from './verify.js'
export { checkHeaderFor, freshNonce, headerFor, headerPayload, idNamedBy, messageIdFor, openHeader, ownHeader, timedMessageIdFor, timedNonce, MESSAGE_ID_BYTES, NONCE_BYTES, type HeaderCheck } from './header.js'
export { checkLeaseStep, fenceRefusal, heldLeases, liveTenure, openLease, roleOfAddress, signLease, tenures, type OpenLease, type Tenure } from './lease.js'
