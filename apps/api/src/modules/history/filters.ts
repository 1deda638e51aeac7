import type { z } from 'zod'
import { parseBound, type gamesCsvQuery, type paymentsCsvQuery } from '@aurum/shared/contracts/history'
import type { PaymentState } from '@aurum/shared/contracts/payments'

/**
 * The account history's filters as the service reads them (docs/responsible-gambling.md "Account
 * history"); their request schemas are the contracts' (packages/shared/src/contracts/history.ts).
 */

export interface GameHistoryFilter {
  currency?: string
  from?: Date
  to?: Date
  game?: string
}

export interface PaymentHistoryFilter {
  currency?: string
  type?: 'deposit' | 'cashout'
  states?: PaymentState[]
  from?: Date
  to?: Date
}

const dates = (q: { from?: string; to?: string }) => ({
  from: q.from === undefined ? undefined : parseBound(q.from, false),
  to: q.to === undefined ? undefined : parseBound(q.to, true),
})

export function gameFilterOf(q: Omit<z.infer<typeof gamesCsvQuery>, 'l'>): GameHistoryFilter {
  return { currency: q.currency, game: q.game, ...dates(q) }
}

export function paymentFilterOf(q: Omit<z.infer<typeof paymentsCsvQuery>, 'l'>): PaymentHistoryFilter {
  return {
    currency: q.currency,
    type: q.type,
    states: q.state === undefined ? undefined : Array.isArray(q.state) ? q.state : [q.state],
    ...dates(q),
  }
}
