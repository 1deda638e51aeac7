// The payments module's public surface for other modules (scripts/import-rules.mjs): a payment
// row as the player sees it (the history lists them too).
export { toPlayerPayment, type PaymentRow, type PaymentState } from './mapping.ts'
