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

/**
 * The payments of a player matching a filter, as SQL (the table aliased `p`) with its parameters
 * after `first - 1` others. Newest first is `ORDER BY p.id DESC` (the payments_user index).
 */
export function paymentsWhere(userId: bigint, filter: PaymentHistoryFilter, first = 1) {
  const n = (i: number) => `$${first + i}`
  return {
    sql: `p.user_id = ${n(0)} AND (${n(1)}::text IS NULL OR p.currency = ${n(1)})
      AND (${n(2)}::text IS NULL OR p.action = ${n(2)}) AND (${n(3)}::text[] IS NULL OR p.state = ANY(${n(3)}::text[]))
      AND (${n(4)}::timestamptz IS NULL OR p.created_at >= ${n(4)}) AND (${n(5)}::timestamptz IS NULL OR p.created_at < ${n(5)})`,
    params: [
      userId.toString(),
      filter.currency ?? null,
      filter.type ?? null,
      filter.states ?? null,
      filter.from ?? null,
      filter.to ?? null,
    ] as unknown[],
  }
}
