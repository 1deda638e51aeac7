import crypto from 'node:crypto'
import type { Database, Executor } from '../../db/client.ts'
import type { BalanceAnswer, WalletErrorCode } from '@aurum/game-protocol'
import { AppError } from '../../lib/errors.ts'
import { InsufficientFundsError, type Ledger } from '../ledger/ledger.ts'

/** The game server's name in the wallet's records (ledger keys, transactions, rounds). */
export const GAME_PROVIDER = 'aurum-games'
/** A launch token is good for this long, once. */
export const LAUNCH_TOKEN_TTL_MS = 60_000
/** A game session that has seen no call for this long takes no more bets. */
export const SESSION_IDLE_MS = 30 * 60_000

export class WalletError extends AppError {
  constructor(code: WalletErrorCode, status = 422) {
    super(code, status)
  }
}

/** Responsible-gambling checks before a bet (the limits issue plugs its rules in here). */
export interface BetGuard {
  /** Throws WalletError('limit_reached') when the bet would break an active limit. */
  beforeBet(tx: Executor, bet: { userId: bigint; currency: string; amountCents: bigint }): Promise<void>
}

export type WalletAnswer = BalanceAnswer

interface SessionRow {
  id: string
  user_id: bigint
  game_id: bigint
  currency: string
  closed_at: Date | null
  last_seen_at: Date
}

interface TransactionRow {
  kind: 'bet' | 'win' | 'rollback'
  user_id: bigint
  round_id: string
  amount_cents: bigint
  status: 'ok' | 'rolled_back' | 'refused'
  answer: WalletAnswer | { error: WalletErrorCode }
}

export interface MoveInput {
  session_id: string
  transaction_id: string
  round_id: string
  amount_cents: number
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest()

/**
 * The seamless wallet (DESIGN.md "Game-provider conventions"): the game server authenticates a
 * launch token into a session, then bets, wins and rolls back by its own transaction ids. Each
 * movement is one database transaction: the provider transaction row (its primary key makes a
 * repeated id wait for the first and then answer the stored first answer), the ledger posting
 * keyed by the same id, and the round's totals.
 */
export class SeamlessWallet {
  constructor(
    private db: Database,
    private ledger: Ledger,
    private guard?: BetGuard,
    private now: () => Date = () => new Date(),
  ) {}

  /** A launch for the game frame: the token goes in the iframe's URL; only its hash is stored. */
  async createLaunch(userId: bigint, gameId: bigint, currency: string): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url')
    await this.db.query(
      `INSERT INTO game_launches (token_hash, user_id, game_id, currency, expires_at) VALUES ($1, $2, $3, $4, $5)`,
      [
        sha256(token),
        userId.toString(),
        gameId.toString(),
        currency,
        new Date(this.now().getTime() + LAUNCH_TOKEN_TTL_MS),
      ],
    )
    return token
  }

  /** authenticate: the launch token, once and in time, opens a game session. */
  async authenticate(token: string) {
    return this.db.transaction(async (tx) => {
      const [launch] = await tx.query<{ user_id: bigint; game_id: bigint; currency: string }>(
        `UPDATE game_launches SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
         RETURNING user_id, game_id, currency`,
        [sha256(token), this.now()],
      )
      if (!launch) throw new WalletError('invalid_token', 401)
      const id = crypto.randomBytes(16).toString('hex')
      await tx.query(
        `INSERT INTO game_sessions (id, user_id, game_id, currency, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $5, $5)`,
        [id, launch.user_id.toString(), launch.game_id.toString(), launch.currency, this.now()],
      )
      const [game] = await tx.query<{ identifier: string }>('SELECT identifier FROM games WHERE id = $1', [
        launch.game_id.toString(),
      ])
      return {
        session_id: id,
        player_id: launch.user_id.toString(),
        game: game!.identifier,
        currency: launch.currency,
        balance_cents: await this.balanceOf(tx, launch.user_id, launch.currency),
      }
    })
  }

  async balance(sessionId: string): Promise<WalletAnswer> {
    const session = await this.session(this.db, sessionId)
    return {
      balance_cents: await this.balanceOf(this.db, session.user_id, session.currency),
      currency: session.currency,
    }
  }

  /** Ends a player's game sessions (sign-out, self-exclusion): no more bets, wins still paid. */
  async closeSessions(userId: bigint): Promise<void> {
    await this.db.query('UPDATE game_sessions SET closed_at = $2 WHERE user_id = $1 AND closed_at IS NULL', [
      userId.toString(),
      this.now(),
    ])
  }

  /** bet: money from the player to the house, refused beyond the balance or a limit. */
  bet(input: MoveInput): Promise<WalletAnswer> {
    return this.move('bet', input)
  }

  /** win: money from the house to the player; accepted after the session ended (the round was bet in time). */
  win(input: MoveInput & { round_closed: boolean }): Promise<WalletAnswer> {
    return this.move('win', input)
  }

  /**
   * rollback: undoes a bet. A rollback of a bet not seen yet leaves a tombstone under the bet's id,
   * so the late bet finds its id taken and is refused (it waits on the same primary key if it is
   * in flight, so the two can never both apply).
   */
  async rollback(input: {
    session_id: string
    transaction_id: string
    reference_transaction_id: string
    round_id: string
  }): Promise<WalletAnswer> {
    const session = await this.session(this.db, input.session_id)
    return this.db.transaction(async (tx) => {
      const replay = await this.claim(tx, input.transaction_id, 'rollback', session, input.round_id, 0n, {
        reference: input.reference_transaction_id,
      })
      if (replay) return replay
      const tombstone = await tx.query(
        `INSERT INTO game_transactions (provider, transaction_id, kind, round_id, user_id, currency, amount_cents, status, answer)
         VALUES ($1, $2, 'bet', $3, $4, $5, 0, 'refused', $6) ON CONFLICT DO NOTHING RETURNING 1`,
        [
          GAME_PROVIDER,
          input.reference_transaction_id,
          input.round_id,
          session.user_id.toString(),
          session.currency,
          JSON.stringify({ error: 'bet_rolled_back' }),
        ],
      )
      if (!tombstone.length) {
        const [bet] = await tx.query<TransactionRow>(
          `SELECT kind, user_id, round_id, amount_cents, status, answer FROM game_transactions
           WHERE provider = $1 AND transaction_id = $2 FOR UPDATE`,
          [GAME_PROVIDER, input.reference_transaction_id],
        )
        if (bet!.kind !== 'bet' || bet!.user_id !== session.user_id)
          throw new WalletError('transaction_mismatch')
        if (bet!.status === 'ok') {
          if (bet!.amount_cents > 0n) {
            await this.ledger.postWith(tx, {
              key: ledgerKey(input.transaction_id),
              kind: 'rollback',
              userId: session.user_id,
              metadata: { round: bet!.round_id, bet: input.reference_transaction_id },
              postings: [
                { account: { house: 'house_games', currency: session.currency }, amount: -bet!.amount_cents },
                {
                  account: { user: session.user_id, kind: 'player_real', currency: session.currency },
                  amount: bet!.amount_cents,
                },
              ],
            })
          }
          await tx.query(
            `UPDATE game_transactions SET status = 'rolled_back' WHERE provider = $1 AND transaction_id = $2`,
            [GAME_PROVIDER, input.reference_transaction_id],
          )
          await tx.query(
            `UPDATE game_rounds SET total_bets = total_bets - $3,
               status = CASE WHEN total_bets - $3 = 0 AND total_wins = 0 THEN 'rolled_back' ELSE status END,
               finished_at = coalesce(finished_at, $4)
             WHERE provider = $1 AND round_id = $2`,
            [GAME_PROVIDER, bet!.round_id, bet!.amount_cents.toString(), this.now()],
          )
        }
      }
      return this.finish(tx, input.transaction_id, session)
    })
  }

  private async move(
    kind: 'bet' | 'win',
    input: MoveInput & { round_closed?: boolean },
  ): Promise<WalletAnswer> {
    const session = await this.session(this.db, input.session_id)
    if (kind === 'bet' && !this.open(session)) {
      // A repeated bet that was applied before the session ended still answers its first answer.
      const replay = await this.stored(this.db, input.transaction_id, 'bet', session)
      if (replay) return replay
      throw new WalletError('session_expired', 401)
    }
    const amount = BigInt(input.amount_cents)
    try {
      return await this.db.transaction(async (tx) => {
        const replay = await this.claim(tx, input.transaction_id, kind, session, input.round_id, amount)
        if (replay) return replay
        const round = await this.round(tx, session, input.round_id, kind)
        if (kind === 'bet' && amount > 0n) {
          await this.guard?.beforeBet(tx, {
            userId: session.user_id,
            currency: session.currency,
            amountCents: amount,
          })
        }
        if (amount > 0n) {
          const player = { user: session.user_id, kind: 'player_real' as const, currency: session.currency }
          const house = { house: 'house_games' as const, currency: session.currency }
          await this.ledger.postWith(tx, {
            key: ledgerKey(input.transaction_id),
            kind,
            userId: session.user_id,
            metadata: { round: input.round_id, game: session.game_id.toString() },
            postings:
              kind === 'bet'
                ? [
                    { account: player, amount: -amount },
                    { account: house, amount },
                  ]
                : [
                    { account: house, amount: -amount },
                    { account: player, amount },
                  ],
          })
        }
        await tx.query(
          `UPDATE game_rounds SET ${kind === 'bet' ? 'total_bets = total_bets + $2' : 'total_wins = total_wins + $2'},
             status = CASE WHEN $3 THEN 'closed' ELSE status END,
             finished_at = CASE WHEN $3 THEN $4 ELSE finished_at END
           WHERE id = $1`,
          [round.toString(), amount.toString(), !!input.round_closed, this.now()],
        )
        await tx.query(
          `INSERT INTO played_games (user_id, game_id, last_activity_at) VALUES ($1, $2, $3)
           ON CONFLICT (user_id, game_id) DO UPDATE SET last_activity_at = excluded.last_activity_at`,
          [session.user_id.toString(), session.game_id.toString(), this.now()],
        )
        return this.finish(tx, input.transaction_id, session)
      })
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw new WalletError('insufficient_funds', 422)
      throw error
    }
  }

  /**
   * Claims the provider transaction id in this database transaction. A concurrent call with the
   * same id waits on the primary key and then finds it taken: the first answer is returned.
   */
  private async claim(
    tx: Executor,
    transactionId: string,
    kind: 'bet' | 'win' | 'rollback',
    session: SessionRow,
    roundId: string,
    amount: bigint,
    extra: { reference?: string } = {},
  ): Promise<WalletAnswer | undefined> {
    const [claimed] = await tx.query(
      `INSERT INTO game_transactions (provider, transaction_id, kind, round_id, user_id, currency, amount_cents, reference_id, status, answer)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'ok', '{}') ON CONFLICT DO NOTHING RETURNING 1`,
      [
        GAME_PROVIDER,
        transactionId,
        kind,
        roundId,
        session.user_id.toString(),
        session.currency,
        amount.toString(),
        extra.reference ?? null,
      ],
    )
    if (claimed) return undefined
    return (await this.stored(tx, transactionId, kind, session))!
  }

  /** The stored first answer of a transaction id (an error answer is thrown again, identically). */
  private async stored(
    db: Executor,
    transactionId: string,
    kind: 'bet' | 'win' | 'rollback',
    session: SessionRow,
  ): Promise<WalletAnswer | undefined> {
    const [row] = await db.query<TransactionRow>(
      `SELECT kind, user_id, round_id, amount_cents, status, answer FROM game_transactions
       WHERE provider = $1 AND transaction_id = $2`,
      [GAME_PROVIDER, transactionId],
    )
    if (!row) return undefined
    if ('error' in row.answer) throw new WalletError(row.answer.error)
    if (row.kind !== kind || row.user_id !== session.user_id) throw new WalletError('transaction_mismatch')
    return row.answer
  }

  /** The round of a bet or win: opened by its first bet, owned by one session, still open. */
  private async round(
    tx: Executor,
    session: SessionRow,
    roundId: string,
    kind: 'bet' | 'win',
  ): Promise<bigint> {
    const [round] = await tx.query<{ id: bigint; session_id: string; status: string }>(
      `WITH created AS (
         INSERT INTO game_rounds (provider, round_id, user_id, game_id, session_id, currency, created_at)
         SELECT $1, $2, $3, $4, $5, $6, $7 WHERE $8
         ON CONFLICT (provider, round_id) DO NOTHING
         RETURNING id, session_id, status
       )
       SELECT id, session_id, status FROM created
       UNION ALL
       SELECT id, session_id, status FROM game_rounds WHERE provider = $1 AND round_id = $2
       LIMIT 1`,
      [
        GAME_PROVIDER,
        roundId,
        session.user_id.toString(),
        session.game_id.toString(),
        session.id,
        session.currency,
        this.now(),
        kind === 'bet',
      ],
    )
    if (!round || round.session_id !== session.id || round.status !== 'open')
      throw new WalletError('round_mismatch')
    return round.id
  }

  /** Stores the answer under the transaction id and touches the session. */
  private async finish(tx: Executor, transactionId: string, session: SessionRow): Promise<WalletAnswer> {
    const answer: WalletAnswer = {
      balance_cents: await this.balanceOf(tx, session.user_id, session.currency),
      currency: session.currency,
      transaction_id: transactionId,
    }
    await tx.query(`UPDATE game_transactions SET answer = $3 WHERE provider = $1 AND transaction_id = $2`, [
      GAME_PROVIDER,
      transactionId,
      JSON.stringify(answer),
    ])
    await tx.query('UPDATE game_sessions SET last_seen_at = $2 WHERE id = $1', [session.id, this.now()])
    return answer
  }

  private open(session: SessionRow): boolean {
    return !session.closed_at && this.now().getTime() - session.last_seen_at.getTime() < SESSION_IDLE_MS
  }

  private async session(db: Executor, id: string): Promise<SessionRow> {
    const [row] = await db.query<SessionRow>(
      'SELECT id, user_id, game_id, currency, closed_at, last_seen_at FROM game_sessions WHERE id = $1',
      [id],
    )
    if (!row) throw new WalletError('unknown_session', 404)
    return row
  }

  private async balanceOf(db: Executor, userId: bigint, currency: string): Promise<number> {
    const [row] = await db.query<{ balance: bigint }>(
      `SELECT balance FROM ledger_accounts WHERE user_id = $1 AND kind = 'player_real' AND currency = $2`,
      [userId.toString(), currency],
    )
    return Number(row?.balance ?? 0n)
  }
}

/** Ledger key of a provider transaction: the same id can never move money twice. */
const ledgerKey = (transactionId: string) => `game:${GAME_PROVIDER}:${transactionId}`
