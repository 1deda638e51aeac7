/**
 * Shapes of the payments library (api-shapes §3.3, §3.5; docs/payments.md), inferred from the
 * payments contract the api validates with (packages/shared/src/contracts/payments.ts). Type
 * imports only: the contract's zod stays out of the web app's bundle. Amounts in minor units.
 */
export type {
  MethodField,
  MethodFieldsResult,
  PaymentAction,
  PaymentPlan,
  PaymentRequest,
  PaymentsConfig,
  PaymentsMethod,
  PlayerPayment,
  SavedProfile,
  SubmitResult,
} from '@aurum/shared/contracts/payments'
