// receipts: the lattice, signing and verification of receipts.
export { LATTICE, deriveState, isFinal, rank, type ObligationState } from './state.js'
export { signReceipt, signReceipts, type SignedReceipt } from './sign.js'
export { checkReceipt, openReceipt, type MessageRef, type ReceiptCheck } from './verify.js'
