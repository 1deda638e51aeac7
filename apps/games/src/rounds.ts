import crypto from 'node:crypto'
import type { Database, Executor } from '@aurum/api/src/db/client.ts'
import { fairSource, Rng } from '@aurum/games-math'
import { RecentMap } from './recent.ts'
import { currentSeeds, nextRoundSeeds, type FairState, type RoundSeeds } from './fairness.ts'
import { WALLET_TIMEOUT_MS, WalletRefusal, WalletUnavailable, type WalletClient } from './wallet-client.ts'

export interface GameSession {
  id: string
  mode: 'real' | 'demo'
  player_key: string
  game: string
  currency: string
  wallet_session_id: string | null
  demo_balance_cents: bigint | null
}

/** What a game decides from the round's random bytes: the stake, the return and what to show. */
export interface Decision<O> {
  betCents: number
  winCents: number
  outcome: O
  /** State kept from the client until the round ends (a blackjack shoe). */
  hidden?: unknown
  /** false: the round goes on (blackjack); the win is settled later. */
  finished: boolean
}

export interface RoundAnswer<O> {
  round_id: string
  bet_cents: number
  win_cents: number
  balance_cents: number
  outcome: O
  fair: FairState
}

/** The game server's own error answers to the client. */
export class GameError extends Error {
  constructor(
    readonly code: string,
    readonly status = 422,
  ) {
    super(code)
  }
}

interface Logger {
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

const tx = (roundId: string, what: string) => `${roundId}:${what}`

/** Players whose last seeds are kept in memory (each a few hundred bytes). */
const LAST_SEEDS_KEPT = 50_000

const ROUND_COLUMNS = `round_id, session_id, player_key, game, mode, currency, bet_cents, win_cents, status,
  outcome, hidden, server_seed_hash, client_seed, nonce, balance_after_cents, settled_at`

const ROUND_PARAMS = ROUND_COLUMNS.split(',')
  .map((_, i) => `$${i + 1}`)
  .join(', ')

const fairState = (seeds: RoundSeeds): FairState => ({
  server_seed_hash: seeds.server_seed_hash,
  client_seed: seeds.client_seed,
  nonce: seeds.nonce,
})

/** A round's row, in ROUND_COLUMNS order. */
function roundValues(
  session: GameSession,
  roundId: string,
  decision: Decision<unknown>,
  seeds: RoundSeeds,
  demoBalance: bigint | null,
): unknown[] {
  const demo = session.mode === 'demo'
  return [
    roundId,
    session.id,
    session.player_key,
    session.game,
    session.mode,
    session.currency,
    decision.betCents,
    decision.winCents,
    demo ? (decision.finished ? 'settled' : 'open') : 'pending',
    JSON.stringify(decision.outcome),
    decision.hidden === undefined ? null : JSON.stringify(decision.hidden),
    seeds.server_seed_hash,
    seeds.client_seed,
    seeds.nonce,
    demoBalance?.toString() ?? null,
    demo && decision.finished ? new Date() : null,
  ]
}

/**
 * Rounds: decided from the provably fair seeds and stored before any money moves or the client
 * animates; then, for real money, the bet and the win through the casino's wallet. A bet whose
 * answer is lost is rolled back; a win that cannot be delivered is retried by the settler until
 * it is. Demo rounds move FUN money held in the session, in the same transaction as the round.
 */
export class Rounds {
  private settler: ReturnType<typeof setInterval> | undefined
  /** The seeds of each player's last real round on this node. */
  private lastSeeds = new RecentMap<string, RoundSeeds>(LAST_SEEDS_KEPT)

  constructor(
    private db: Database,
    private wallet: WalletClient,
    private log: Logger,
  ) {}

  async play<O>(session: GameSession, decide: (rng: Rng) => Decision<O>): Promise<RoundAnswer<O>> {
    const roundId = crypto.randomBytes(12).toString('hex')
    // Demo money moves with the round, in one transaction; a real round is one statement.
    const { decision, fair, balance } =
      session.mode === 'demo'
        ? await this.db.transaction((t) => this.decideDemo(t, session, roundId, decide))
        : { ...(await this.decideReal(session, roundId, decide)), balance: null }
    const answer = (balanceCents: number): RoundAnswer<O> => ({
      round_id: roundId,
      bet_cents: decision.betCents,
      win_cents: decision.finished ? decision.winCents : 0,
      balance_cents: balanceCents,
      outcome: decision.outcome,
      fair,
    })
    if (balance !== null) return answer(Number(balance))
    if (!decision.finished) {
      const afterBet = await this.placeBet(session, roundId, decision.betCents, 'bet')
      await this.db.query(`UPDATE gs_rounds SET status = 'open' WHERE round_id = $1`, [roundId])
      return answer(afterBet)
    }
    // An instant round (slot, roulette): bet and win in one wallet call, one casino transaction.
    const settled = await this.placeBet(session, roundId, decision.betCents, 'bet', decision.winCents)
    await this.db.query(
      `UPDATE gs_rounds SET status = 'settled', balance_after_cents = $2, settled_at = now() WHERE round_id = $1`,
      [roundId, settled],
    )
    return answer(settled)
  }

  /** A demo round: the seeds (nonce up), the outcome, the FUN money moved and the round stored. */
  private async decideDemo<O>(
    t: Executor,
    session: GameSession,
    roundId: string,
    decide: (rng: Rng) => Decision<O>,
  ): Promise<{ decision: Decision<O>; fair: FairState; balance: bigint }> {
    const seeds = await nextRoundSeeds(t, session.player_key)
    const decision = decide(new Rng(fairSource(seeds.server_seed, seeds.client_seed, seeds.nonce)))
    const balance = await this.moveDemo(t, session.id, decision)
    await t.query(
      `INSERT INTO gs_rounds (${ROUND_COLUMNS}) VALUES (${ROUND_PARAMS})`,
      roundValues(session, roundId, decision, seeds, balance),
    )
    return { decision, fair: fairState(seeds), balance }
  }

  /**
   * A real round in one statement: decided from the player's next seeds as last seen here, and
   * stored only if the nonce claimed with it is still the next one (another node's round, or a
   * seed rotation, makes it stale: the seeds are read again and the round decided again).
   */
  private async decideReal<O>(
    session: GameSession,
    roundId: string,
    decide: (rng: Rng) => Decision<O>,
  ): Promise<{ decision: Decision<O>; fair: FairState }> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const known =
        this.lastSeeds.get(session.player_key) ?? (await currentSeeds(this.db, session.player_key))
      const seeds: RoundSeeds = { ...known, nonce: known.nonce + 1 }
      const decision = decide(new Rng(fairSource(seeds.server_seed, seeds.client_seed, seeds.nonce)))
      const values = roundValues(session, roundId, decision, seeds, null)
      const stored = await this.db.query(
        `WITH claimed AS (
           UPDATE gs_players SET nonce = nonce + 1
           WHERE player_key = $3 AND nonce = $14 - 1 AND server_seed_hash = $12 AND client_seed = $13
           RETURNING nonce
         )
         INSERT INTO gs_rounds (${ROUND_COLUMNS})
         SELECT ${ROUND_PARAMS} FROM claimed RETURNING 1`,
        values,
      )
      if (stored.length) {
        this.lastSeeds.set(session.player_key, seeds)
        return { decision, fair: fairState(seeds) }
      }
      this.lastSeeds.delete(session.player_key)
    }
    throw new GameError('busy', 503)
  }

  /**
   * Another stake in an open round (a blackjack double or split): the wallet bet, then the new
   * state; the round's outcome and hidden state are updated by `update`.
   */
  async addBet(session: GameSession, roundId: string, betCents: number, betNumber: number): Promise<number> {
    if (session.mode === 'demo') {
      const [row] = await this.db.query<{ demo_balance_cents: bigint }>(
        `UPDATE gs_sessions SET demo_balance_cents = demo_balance_cents - $2
         WHERE id = $1 AND demo_balance_cents >= $2 RETURNING demo_balance_cents`,
        [session.id, betCents],
      )
      if (!row) throw new GameError('insufficient_funds')
      return Number(row.demo_balance_cents)
    }
    return this.placeBet(session, roundId, betCents, `bet${betNumber}`)
  }

  /** Ends an open round: stores the final outcome and pays the win. */
  async finish(
    session: GameSession,
    roundId: string,
    outcome: unknown,
    totalBetCents: number,
    winCents: number,
  ) {
    if (session.mode === 'demo') {
      const [row] = await this.db.query<{ demo_balance_cents: bigint }>(
        `UPDATE gs_sessions SET demo_balance_cents = demo_balance_cents + $2 WHERE id = $1 RETURNING demo_balance_cents`,
        [session.id, winCents],
      )
      await this.db.query(
        `UPDATE gs_rounds SET status = 'settled', outcome = $2, hidden = NULL, bet_cents = $3, win_cents = $4,
           balance_after_cents = $5, settled_at = now() WHERE round_id = $1`,
        [roundId, JSON.stringify(outcome), totalBetCents, winCents, row!.demo_balance_cents.toString()],
      )
      return Number(row!.demo_balance_cents)
    }
    await this.db.query(
      `UPDATE gs_rounds SET status = 'placed', outcome = $2, hidden = NULL, bet_cents = $3, win_cents = $4
       WHERE round_id = $1`,
      [roundId, JSON.stringify(outcome), totalBetCents, winCents],
    )
    return this.payWin(session, roundId, winCents, undefined)
  }

  /** The demo balance pays the bet and takes the win, never below zero. */
  private async moveDemo(t: Executor, sessionId: string, decision: Decision<unknown>): Promise<bigint> {
    const win = decision.finished ? decision.winCents : 0
    const [row] = await t.query<{ demo_balance_cents: bigint }>(
      `UPDATE gs_sessions SET demo_balance_cents = demo_balance_cents - $2 + $3, last_seen_at = now()
       WHERE id = $1 AND demo_balance_cents >= $2 RETURNING demo_balance_cents`,
      [sessionId, decision.betCents, win],
    )
    if (!row) throw new GameError('insufficient_funds')
    return row.demo_balance_cents
  }

  /**
   * A bet through the wallet; with `winCents` the round is settled in the same call. A refusal
   * ends the round (refused); a lost answer rolls the bet back (and its win with it).
   */
  private async placeBet(
    session: GameSession,
    roundId: string,
    betCents: number,
    what: string,
    winCents?: number,
  ): Promise<number> {
    try {
      const answer = await this.wallet.call('bet', {
        session_id: session.wallet_session_id!,
        transaction_id: tx(roundId, what),
        round_id: roundId,
        amount_cents: betCents,
        ...(winCents === undefined
          ? {}
          : { win: { transaction_id: tx(roundId, 'win'), amount_cents: winCents } }),
      })
      if (what !== 'bet')
        await this.db.query('UPDATE gs_rounds SET bets_sent = bets_sent + 1 WHERE round_id = $1', [roundId])
      return answer.balance_cents
    } catch (error) {
      if (error instanceof WalletRefusal) {
        if (what === 'bet') {
          await this.db.query(
            `UPDATE gs_rounds SET status = 'refused', settled_at = now() WHERE round_id = $1`,
            [roundId],
          )
        }
        throw new GameError(error.code, error.status === 401 ? 401 : 422)
      }
      // The answer was lost: the bet may or may not have been applied. Undo it, now or later.
      this.log.warn({ err: error, round: roundId }, 'bet answer lost: rolling back')
      await this.rollback(session.wallet_session_id!, roundId, what).catch((err: unknown) =>
        this.log.error({ err, round: roundId }, 'rollback failed: the settler retries it'),
      )
      throw new GameError('wallet_unavailable', 503)
    }
  }

  /**
   * Undoes a bet whose answer was lost (with the win it carried). A void round whose win the
   * player has spent meanwhile cannot be undone: the wallet refuses, and the round stands.
   */
  private async rollback(walletSessionId: string, roundId: string, what = 'bet'): Promise<void> {
    try {
      await this.wallet.call('rollback', {
        session_id: walletSessionId,
        transaction_id: tx(roundId, `rollback-${what}`),
        reference_transaction_id: tx(roundId, what),
        round_id: roundId,
      })
    } catch (error) {
      if (error instanceof WalletRefusal && error.code === 'insufficient_funds') {
        await this.db.query(
          `UPDATE gs_rounds SET status = 'settled', settled_at = now() WHERE round_id = $1 AND status = 'pending'`,
          [roundId],
        )
        return
      }
      throw error
    }
    await this.db.query(
      `UPDATE gs_rounds SET status = 'rolled_back', settled_at = now() WHERE round_id = $1 AND status IN ('pending', 'open')`,
      [roundId],
    )
  }

  /** The win (0 too: it closes the round); a failed delivery is retried by the settler. */
  private async payWin(
    session: GameSession,
    roundId: string,
    winCents: number,
    fallback: number | undefined,
  ) {
    try {
      const answer = await this.wallet.call('win', {
        session_id: session.wallet_session_id!,
        transaction_id: tx(roundId, 'win'),
        round_id: roundId,
        amount_cents: winCents,
        round_closed: true,
      })
      await this.db.query(
        `UPDATE gs_rounds SET status = 'settled', balance_after_cents = $2, settled_at = now() WHERE round_id = $1`,
        [roundId, answer.balance_cents],
      )
      return answer.balance_cents
    } catch (error) {
      this.log.warn({ err: error, round: roundId }, 'win not delivered yet: the settler retries it')
      if (fallback !== undefined) return fallback + winCents
      const balance = await this.wallet
        .call('balance', { session_id: session.wallet_session_id! })
        .catch(() => ({ balance_cents: 0 }))
      return balance.balance_cents + winCents
    }
  }

  /**
   * Settles what a lost answer left behind, every few seconds on every node: bets whose answer
   * never came are rolled back; wins not delivered are sent again (the wallet applies each once).
   */
  startSettler(everyMs = 5_000): void {
    const run = () => {
      this.settle().catch((err: unknown) => this.log.error({ err }, 'settling rounds failed'))
    }
    this.settler = setInterval(run, everyMs)
    this.settler.unref()
  }

  stop(): void {
    clearInterval(this.settler)
  }

  async settle(olderThanMs = WALLET_TIMEOUT_MS * 2): Promise<number> {
    const rows = await this.db.query<{
      round_id: string
      status: 'pending' | 'placed'
      win_cents: bigint
      wallet_session_id: string
    }>(
      `SELECT r.round_id, r.status, r.win_cents, s.wallet_session_id FROM gs_rounds r JOIN gs_sessions s ON s.id = r.session_id
       WHERE r.status IN ('pending', 'placed') AND r.mode = 'real' AND r.created_at < $1
       ORDER BY r.id LIMIT 100`,
      [new Date(Date.now() - olderThanMs)],
    )
    let settled = 0
    for (const row of rows) {
      try {
        if (row.status === 'pending') await this.rollback(row.wallet_session_id, row.round_id)
        else {
          const answer = await this.wallet.call('win', {
            session_id: row.wallet_session_id,
            transaction_id: tx(row.round_id, 'win'),
            round_id: row.round_id,
            amount_cents: Number(row.win_cents),
            round_closed: true,
          })
          await this.db.query(
            `UPDATE gs_rounds SET status = 'settled', balance_after_cents = $2, settled_at = now() WHERE round_id = $1`,
            [row.round_id, answer.balance_cents],
          )
        }
        settled++
      } catch (error) {
        if (error instanceof WalletUnavailable) break
        this.log.error({ err: error, round: row.round_id }, 'settling a round failed')
      }
    }
    return settled
  }
}
