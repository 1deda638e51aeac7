import type { Locale } from '@aurum/shared'
import crypto from 'node:crypto'
import { Batcher, type Clock } from '@aurum/db'
import type { Database, Executor } from '../../db/client.ts'
import type { WalletErrorCode } from '@aurum/game-protocol'
import { AppError } from '../../lib/errors.ts'
import type { SessionEnd } from '../../plugins/session.ts'
import { InsufficientFundsError, type Ledger } from '../ledger/index.ts'
import { GAME_PROVIDER, LAUNCH_TOKEN_TTL_MS } from './constants.ts'
import {
  GamesRepository,
  type MoveExtras,
  type MoveInput,
  type MoveRow,
  type SessionRow,
  type WalletAnswer,
} from './repository.ts'

export { GAME_PROVIDER, LAUNCH_TOKEN_TTL_MS, SESSION_IDLE_MS } from './constants.ts'
export type { MoveInput, WalletAnswer } from './repository.ts'

export class WalletError extends AppError {
  constructor(code: WalletErrorCode, status = 422) {
    super(code, status)
  }
}

/**
 * A bet refused by a limit whose reach also ends the game session (a session-time limit, a
 * cooling-off or self-exclusion): the wallet closes the session after the refusal, so that the
 * game's next call finds it ended.
 */
export class SessionLimitError extends WalletError {
  constructor() {
    super('limit_reached')
  }
}

/**
 * Responsible-gambling checks before play (docs/responsible-gambling.md): before a real-money
 * game opens, and before each bet of a player the database flags as having limits on play.
 */
export interface PlayGuard {
  /** Throws AppError (403) when the player may not open a real-money game now; `locale` for its message. */
  beforeLaunch(player: { userId: bigint; currency: string; locale?: Locale }): Promise<void>
  /**
   * In the bet's transaction, for a player with limits on play (wallet_move's AU003): throws
   * WalletError('limit_reached') when the bet would break one (SessionLimitError to end the
   * game session too). Without it, such bets are taken unchecked.
   */
  beforeBet?(
    tx: Executor,
    bet: { userId: bigint; currency: string; amountCents: bigint; sessionId: string },
  ): Promise<void>
}

/** HTTP status of the wallet errors the database function raises (422 otherwise). */
const WALLET_ERROR_STATUS: Partial<Record<WalletErrorCode, number>> = {
  unknown_session: 404,
  session_expired: 401,
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
  private repo: GamesRepository

  constructor(
    private db: Database,
    private ledger: Ledger,
    /** The players' limits (responsible gambling): asked before a game opens and before each bet. Required. */
    private guard: PlayGuard,
    /** The app's clock: launch tokens, sessions and the rounds' stamps. */
    private clock: Clock,
  ) {
    this.repo = new GamesRepository(db)
  }

  /**
   * A launch for the game frame: the token goes in the iframe's URL; only its hash is stored. The
   * casino sign-in it comes from is kept, so that signing out closes the game it opens.
   */
  async createLaunch(
    userId: bigint,
    gameId: bigint,
    currency: string,
    loginSession?: string,
  ): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url')
    await this.repo.insertLaunch(
      sha256(token),
      userId,
      gameId,
      currency,
      new Date(this.clock.now().getTime() + LAUNCH_TOKEN_TTL_MS),
      loginSession ?? null,
    )
    return token
  }

  /**
   * The currency a real-money game opens in (spec §6): the player's active wallet's, or the one
   * asked for when the player has a wallet in it; undefined when the player has no such wallet.
   */
  launchCurrency(userId: bigint, asked: string | undefined): Promise<string | undefined> {
    return this.repo.walletCurrency(userId, asked ?? null)
  }

  /** The responsible-gambling check before a real-money game opens (none without a guard). */
  async checkLaunch(userId: bigint, currency: string, locale?: Locale): Promise<void> {
    await this.guard.beforeLaunch({ userId, currency, locale })
  }

  /** authenticate: the launch token, once and in time, opens a game session. */
  async authenticate(token: string) {
    return this.db.transaction(async (tx) => {
      const launch = await this.repo.useLaunch(tx, sha256(token), this.clock.now())
      if (!launch) throw new WalletError('invalid_token', 401)
      const id = crypto.randomBytes(16).toString('hex')
      await this.repo.insertSession(tx, id, launch, this.clock.now())
      const game = await this.repo.gameIdentifier(tx, launch.game_id)
      return {
        session_id: id,
        player_id: launch.user_id.toString(),
        game: game!,
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

  /** Ends a player's game sessions (self-exclusion): no more bets, wins still paid. */
  async closeSessions(userId: bigint): Promise<void> {
    await this.repo.closeSessionsOfUser(userId, this.clock.now())
  }

  /**
   * Ends the game sessions a casino sign-in opened when it ends (sign-out, a session ended from
   * the security page), or, with `except`, those of every sign-in of the player but that one.
   */
  async closeSessionsOfSignIn(end: SessionEnd): Promise<void> {
    if ('sessionId' in end) {
      await this.repo.closeSessionsOfLogin(end.sessionId, this.clock.now())
      return
    }
    await this.repo.closeSessionsOfOtherLogins(end.userId, end.except, this.clock.now())
  }

  /**
   * bet: money from the player to the house, refused beyond the balance or a limit. With `win`,
   * the round is settled in the same transaction (an instant game: slot, roulette).
   */
  bet(input: MoveInput & Pick<MoveExtras, 'win'>): Promise<WalletAnswer> {
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
    return this.db
      .transaction(async (tx) => {
        const replay = await this.claim(tx, input.transaction_id, 'rollback', session, input.round_id, 0n, {
          reference: input.reference_transaction_id,
        })
        if (replay) return replay
        const tombstone = await this.repo.insertRollbackTombstone(
          tx,
          input.reference_transaction_id,
          input.round_id,
          session,
        )
        if (!tombstone) {
          const bet = await this.repo.lockTransaction(tx, input.reference_transaction_id)
          if (bet!.kind !== 'bet' || bet!.user_id !== session.user_id)
            throw new WalletError('transaction_mismatch')
          if (bet!.status === 'ok') {
            // A win paid with this bet in one call goes too: the round is void, as if never played.
            const wins = await this.repo.lockWinsOfBet(tx, input.reference_transaction_id)
            const won = wins.reduce((sum, w) => sum + w.amount_cents, 0n)
            const net = bet!.amount_cents - won
            // The round's row before the balances (docs/ARCHITECTURE.md "Ledger": one lock order),
            // as a win of the same round takes them: posting first, a concurrent win held the round
            // and waited for the player's account while this held the account and waited for the round.
            await this.repo.markBetRolledBack(tx, input.reference_transaction_id)
            await this.repo.unwindRound(tx, bet!.round_id, bet!.amount_cents, won, this.clock.now())
            if (net !== 0n) {
              await this.ledger.postWith(tx, {
                key: ledgerKey(input.transaction_id),
                kind: 'rollback',
                userId: session.user_id,
                metadata: { round: bet!.round_id, bet: input.reference_transaction_id, win: won.toString() },
                postings: [
                  { account: { house: 'house_games', currency: session.currency }, amount: -net },
                  {
                    account: { user: session.user_id, kind: 'player_real', currency: session.currency },
                    amount: net,
                  },
                ],
              })
            }
          }
        }
        return this.finish(tx, input.transaction_id, session)
      })
      .catch((error: unknown) => {
        // The win of a void round was spent meanwhile: the round stands (nothing was changed).
        if (error instanceof InsufficientFundsError) throw new WalletError('insufficient_funds', 422)
        throw error
      })
  }

  /**
   * A bet or a win: one statement, the database function `wallet_move` (db/functions/), or
   * for a bet that carries its win (an instant round) `wallet_instant_round`. A
   * bet of a player with limits on play is refused by them (AU003) and made again in a transaction
   * that checks the limits first: a replay answers its first answer before the guard is asked, so
   * a limit never refuses a bet already taken. An instant round whose round or ids are taken
   * (AU004) wrote nothing: the first answer stored under the bet's id is the answer.
   */
  private async move(kind: 'bet' | 'win', input: MoveInput & MoveExtras): Promise<WalletAnswer> {
    const amount = BigInt(input.amount_cents)
    const beforeBet = this.guard.beforeBet?.bind(this.guard)
    const instant = kind === 'bet' && input.win !== undefined
    try {
      try {
        const alone = () =>
          instant
            ? this.repo.walletInstantRound(this.db, input, amount, this.clock.now(), !beforeBet)
            : this.repo.walletMove(this.db, kind, input, amount, this.clock.now(), !beforeBet)
        const [row] = instant ? [await this.instantRound(input, !beforeBet, alone)] : await alone()
        this.ledger.balanceMoved(this.db, row!.user_id, row!.answer.currency)
        return row!.answer
      } catch (error) {
        if ((error as { code?: string }).code !== 'AU003' || !beforeBet) throw error
      }
      return await this.db.transaction(async (tx) => {
        const session = await this.session(tx, input.session_id)
        const replay = await this.stored(tx, input.transaction_id, kind, session)
        if (replay) return replay
        await beforeBet(tx, {
          userId: session.user_id,
          currency: session.currency,
          amountCents: amount,
          sessionId: session.id,
        })
        const [row] = instant
          ? await this.repo.walletInstantRound(tx, input, amount, this.clock.now(), true)
          : await this.repo.walletMove(tx, kind, input, amount, this.clock.now(), true)
        this.ledger.balanceMoved(tx, row!.user_id, row!.answer.currency)
        return row!.answer
      })
    } catch (error) {
      // The limits counted this live session's time up to now: closed, it keeps counting to now
      // (a closed session counts to its last call), or a new game would open on the minutes between.
      if (error instanceof SessionLimitError)
        await this.repo.closeSessionNow(input.session_id, this.clock.now())
      if (error instanceof WalletError) throw error
      const code = (error as { code?: string }).code
      if (code === 'AU001' || error instanceof InsufficientFundsError)
        throw new WalletError('insufficient_funds', 422)
      if (code === 'AU002') {
        const reason = (error as Error).message as WalletErrorCode
        throw new WalletError(reason, WALLET_ERROR_STATUS[reason] ?? 422)
      }
      if (code === 'AU004') {
        // Taken before (a repeated call, which waited for the first to commit): the first answer.
        const replay = await this.stored(
          this.db,
          input.transaction_id,
          kind,
          await this.session(this.db, input.session_id),
        )
        if (replay) return replay
        throw new WalletError((error as Error).message as WalletErrorCode)
      }
      throw error
    }
  }

  /**
   * Instant rounds by group commit (`wallet_instant_rounds`): one statement at a
   * time holds every round that arrived while the last one ran, each in a subtransaction of its
   * own. A round refused there rejects with its SQLSTATE and message as if alone; one that failed
   * on anything else (a deadlock with a rollback) is played again alone.
   */
  private instantRounds = new Batcher<
    { input: MoveInput & MoveExtras; checked: boolean },
    MoveRow | { code: string; message: string }
  >(
    async (rounds) => {
      const rows = await this.repo.walletInstantRounds(rounds, this.clock.now())
      return rows
        .sort((a, b) => a.r_index - b.r_index)
        .map((row) =>
          row.r_code === null
            ? { answer: row.r_answer!, user_id: row.r_user! }
            : { code: row.r_code, message: row.r_message ?? '' },
        )
    },
    { maxBatch: 50 },
  )

  private async instantRound(
    input: MoveInput & MoveExtras,
    checked: boolean,
    alone: () => Promise<MoveRow[]>,
  ): Promise<MoveRow> {
    const result = await this.instantRounds.add({ input, checked })
    if ('answer' in result) return result
    if (/^AU00[1-4]$/.test(result.code)) throw Object.assign(new Error(result.message), { code: result.code })
    return (await alone())[0]!
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
    const claimed = await this.repo.claimTransaction(
      tx,
      transactionId,
      kind,
      session,
      roundId,
      amount,
      extra.reference ?? null,
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
    const row = await this.repo.findTransaction(db, transactionId)
    if (!row) return undefined
    if ('error' in row.answer) throw new WalletError(row.answer.error)
    if (row.kind !== kind || row.user_id !== session.user_id) throw new WalletError('transaction_mismatch')
    return row.answer
  }

  /** Stores the answer under the transaction id and touches the session. */
  private async finish(tx: Executor, transactionId: string, session: SessionRow): Promise<WalletAnswer> {
    const answer: WalletAnswer = {
      balance_cents: await this.balanceOf(tx, session.user_id, session.currency),
      currency: session.currency,
      transaction_id: transactionId,
    }
    await this.repo.storeAnswer(tx, transactionId, answer)
    await this.repo.touchSession(tx, session.id, this.clock.now())
    return answer
  }

  private async session(db: Executor, id: string): Promise<SessionRow> {
    const row = await this.repo.findSession(db, id)
    if (!row) throw new WalletError('unknown_session', 404)
    return row
  }

  private async balanceOf(db: Executor, userId: bigint, currency: string): Promise<number> {
    return Number((await this.repo.playerBalance(db, userId, currency)) ?? 0n)
  }
}

/** Ledger key of a provider transaction: the same id can never move money twice. */
const ledgerKey = (transactionId: string) => `game:${GAME_PROVIDER}:${transactionId}`
