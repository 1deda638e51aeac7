import { defineJob, type JobDefinition } from '@aurum/db'
import type { PaymentService } from './service.ts'

/** The payments' periodic work runs this often, on one node each time (each change is guarded anyway). */
const PERIODIC_MS = 60_000

/**
 * Abandoned deposits expire; payments left in flight (a node stopped between the provider's
 * answer and its own commit) are reconciled with the provider. Two jobs, so that one failing
 * does not hold the other back.
 */
export const paymentJobs = (payments: PaymentService): Array<JobDefinition<never>> => [
  defineJob({
    name: 'payments.expire_abandoned',
    every: PERIODIC_MS,
    run: async ({ clock }) => {
      await payments.expireAbandoned(clock.now())
    },
  }),
  defineJob({
    name: 'payments.reconcile_in_flight',
    every: PERIODIC_MS,
    run: async ({ clock }) => {
      await payments.reconcileInFlight(clock.now())
    },
  }),
]
