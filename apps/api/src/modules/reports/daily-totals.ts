import type { Consumer, Executor } from '@aurum/db'
import { domainEvents } from '../../events/outbox.ts'
import { ReportsRepository, type FirstDeposit, type PlayerGameDelta } from './repository.ts'

const repo = new ReportsRepository()

interface Totals {
  bets: bigint
  wins: bigint
  rounds: bigint
  deposits: bigint
  depositCount: number
  withdrawals: bigint
  withdrawalCount: number
  registrations: number
  players: Set<bigint>
  /** The batch's first deposit of each player in it: counted if the player had none before. */
  firstDeposits: FirstDeposit[]
}

const empty = (): Totals => ({
  bets: 0n,
  wins: 0n,
  rounds: 0n,
  deposits: 0n,
  depositCount: 0,
  withdrawals: 0n,
  withdrawalCount: 0,
  registrations: 0,
  players: new Set(),
  firstDeposits: [],
})

/**
 * The day's totals per currency, from the outbox (docs/events.md "Consumers"): rounds settled
 * (and rolled back), deposits credited, first deposits, withdrawals paid, registrations, active
 * players, test accounts left out. Exactly once: a batch is summed in memory and written as one upsert per day and currency in the batch's
 * transaction, so 500 spins a second cost a few statements a second, not one per spin.
 */
export function dailyTotalsConsumer(): Consumer {
  return {
    name: 'daily-totals',
    mode: 'transactional',
    // Reports can wait a quarter of a second: four batches a second instead of twenty, each a
    // transaction of five round trips (docs/performance.md, "The event outbox on the bet path").
    lingerMs: 250,
    types: [
      'round.settled',
      'round.rolled_back',
      'deposit.succeeded',
      'withdrawal.paid',
      'player.registered',
    ],
    batchSize: 1000,
    async apply(events, tx) {
      const byKey = new Map<string, Totals>()
      const at = (day: string, currency: string) => {
        const key = `${day}|${currency}`
        let totals = byKey.get(key)
        if (!totals) byKey.set(key, (totals = empty()))
        return totals
      }
      // A player's deposits apply in the order of their ledger postings: the first one in the
      // batch is the only one that may be the player's first.
      const depositors = new Set<bigint>()
      // The GGR report's rows: per day, currency, game and player.
      const games = new Map<string, PlayerGameDelta>()
      const game = (day: string, currency: string, gameId: string, userId: bigint) => {
        const key = `${day}|${currency}|${gameId}|${userId}`
        let row = games.get(key)
        if (!row)
          games.set(
            key,
            (row = { day, currency, gameId: BigInt(gameId), userId, bets: 0n, wins: 0n, rounds: 0 }),
          )
        return row
      }
      // Test accounts are left out of every figure from the moment they are marked (docs/backoffice.md
      // "Dashboard"): the batch's players are looked up once, in the batch's transaction.
      const all = domainEvents(events)
      const testAccounts = await repo.testAccounts(tx, [
        ...new Set(all.flatMap((event) => (event.userId === null ? [] : [event.userId]))),
      ])
      for (const event of all) {
        if (event.userId !== null && testAccounts.has(event.userId)) continue
        const day = event.createdAt.toISOString().slice(0, 10)
        switch (event.type) {
          case 'round.settled': {
            const totals = at(day, event.payload.currency)
            totals.bets += event.payload.bet
            totals.wins += event.payload.win
            totals.rounds += 1n
            if (event.userId !== null) {
              totals.players.add(event.userId)
              const row = game(day, event.payload.currency, event.payload.game_id, event.userId)
              row.bets += event.payload.bet
              row.wins += event.payload.win
              row.rounds++
            }
            break
          }
          case 'round.rolled_back': {
            const totals = at(day, event.payload.currency)
            totals.bets -= event.payload.bet
            totals.wins -= event.payload.win
            if (event.userId !== null) {
              const row = game(day, event.payload.currency, event.payload.game_id, event.userId)
              row.bets -= event.payload.bet
              row.wins -= event.payload.win
            }
            break
          }
          case 'deposit.succeeded': {
            const totals = at(day, event.payload.currency)
            totals.deposits += event.payload.amount
            totals.depositCount++
            if (event.userId !== null && !depositors.has(event.userId)) {
              depositors.add(event.userId)
              totals.firstDeposits.push({
                userId: event.userId,
                paymentId: BigInt(event.payload.payment_id),
                amount: event.payload.amount,
              })
            }
            break
          }
          case 'withdrawal.paid': {
            const totals = at(day, event.payload.currency)
            totals.withdrawals += event.payload.amount
            totals.withdrawalCount++
            break
          }
          case 'player.registered':
            if (event.payload.currency) at(day, event.payload.currency).registrations++
            break
          default:
            break
        }
      }
      for (const [key, totals] of byKey) await write(tx, key, totals)
      if (games.size > 0) await repo.addPlayerGames(tx, [...games.values()])
    },
  }
}

async function write(tx: Executor, key: string, totals: Totals): Promise<void> {
  const [day, currency] = key.split('|') as [string, string]
  await repo.addDailyTotals(tx, {
    day,
    currency,
    bets: totals.bets,
    wins: totals.wins,
    rounds: totals.rounds,
    deposits: totals.deposits,
    depositCount: totals.depositCount,
    withdrawals: totals.withdrawals,
    withdrawalCount: totals.withdrawalCount,
    registrations: totals.registrations,
    players: [...totals.players],
    firstDeposits: totals.firstDeposits,
  })
}
