// limits: what a message, a receipt, a card and their fields may weigh, and the check that refuses what is over.
export * from './sizes.js'
export * from './durations.js'
export { oversized, checkFields, type Field } from './fields.js'
