// The payments module's public surface for other modules (scripts/import-rules.mjs): a payment
// row as the player sees it (the history lists them too).
export { toPlayerPayment, type PaymentRow, type PaymentState } from './mapping.ts'
// How long a payment may stay `processing` before the reconciler asks (the dashboard's queue).
export { PROCESSING_GRACE_MS } from './service.ts'
