import type { Consumer } from '@aurum/db'
import { domainEvents } from '../events/outbox.ts'
import { NOTABLE_MULTIPLIER } from '../modules/games/winners.ts'
import type { RealtimeNotifier } from './notifier.ts'

/** Payments that moved the player's balance (a withdrawal's money is held when it is requested). */
const BALANCE_MOVED = new Set([
  'deposit.succeeded',
  'withdrawal.requested',
  'withdrawal.recalled',
  'withdrawal.rejected',
])

/** Payments the player is told of as finished (`payments_changes`). */
const PAYMENT_PUSHED = new Set([
  'deposit.succeeded',
  'deposit.failed',
  'withdrawal.paid',
  'withdrawal.recalled',
  'withdrawal.rejected',
])

/**
 * The realtime notifications as a consumer of the outbox (docs/events.md, docs/realtime.md): a
 * wallet that moved (rounds, payments, a staff member's adjustment) publishes its balance, a finished payment its notice, a
 * notable win the public feed, a limit reached closes the game frames. At least once: each
 * publication states the current state, so a second one changes nothing the player sees.
 */
export function realtimeConsumer(notifier: RealtimeNotifier): Consumer {
  return {
    name: 'realtime',
    mode: 'notify',
    types: [
      'round.settled',
      'round.updated',
      'round.rolled_back',
      ...PAYMENT_PUSHED,
      'withdrawal.requested',
      'withdrawal.approved',
      'limit.reached',
      'balance.adjusted',
    ],
    batchSize: 500,
    async apply(events) {
      for (const event of domainEvents(events)) {
        const userId = event.userId
        if (userId === null) continue
        switch (event.type) {
          case 'round.settled':
            notifier.balanceChanged(userId, event.payload.currency)
            if (event.payload.win > 0n && event.payload.win >= BigInt(NOTABLE_MULTIPLIER) * event.payload.bet)
              notifier.roundWon(event.payload.integration, event.payload.round_id)
            break
          case 'round.updated':
          case 'round.rolled_back':
            notifier.balanceChanged(userId, event.payload.currency)
            break
          case 'deposit.succeeded':
          case 'deposit.failed':
          case 'withdrawal.requested':
          case 'withdrawal.approved':
          case 'withdrawal.paid':
          case 'withdrawal.recalled':
          case 'withdrawal.rejected': {
            const payment = event.payload
            if (BALANCE_MOVED.has(event.type)) notifier.balanceChanged(userId, payment.currency)
            if (PAYMENT_PUSHED.has(event.type))
              notifier.paymentFinished(userId, {
                id: payment.payment_id,
                amount_cents: Number(payment.amount),
                currency: payment.currency,
                action: event.type.startsWith('deposit') ? 'deposit' : 'cashout',
                payment_system: payment.method_id,
                finished_at: new Date(payment.finished_at ?? event.createdAt).toISOString(),
                created_at: new Date(payment.created_at).toISOString(),
                recallable: payment.recallable,
                success: payment.state === 'succeeded',
                type: payment.state,
              })
            break
          }
          case 'balance.adjusted':
            notifier.balanceChanged(userId, event.payload.currency)
            break
          case 'limit.reached':
            notifier.limitReached(userId, { type: 'limit_reached', ...event.payload })
            break
          default:
            break
        }
      }
    },
  }
}
