import crypto from 'node:crypto'
import type { SqlDatabase, Executor } from '@aurum/db'
import { fairSource, Rng } from '@aurum/games-math'
import { Batcher } from '@aurum/db'
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

/** What an action (or the settler) does to an open round (blackjack). */
export interface Step<S> {
  /** The stake this action adds (a double, a split): taken before the new state is stored. */
  addedBetCents: number
  /** The round's whole stake after it. */
  betCents: number
  outcome: unknown
  /** The state kept from the client; null once the round is finished. */
  hidden: S | null
  finished: boolean
  /** Everything the round returns, once finished. */
  winCents: number
}

/** How a round ends: its final outcome, whole stake and return. */
export type Ending = Pick<Step<unknown>, 'outcome' | 'betCents' | 'winCents'>

/** An open round with no action for this long (a player who closed the frame) is finished by the settler. */
export const OPEN_ROUND_LIMIT_MS = 10 * 60_000

export interface RoundsOptions {
  /** How each game (by identifier) ends a round its player left: blackjack stands every hand. */
  finishers?: Map<string, (hidden: unknown) => Ending>
  /** Default OPEN_ROUND_LIMIT_MS. */
  openRoundLimitMs?: number
  /** The clock the settler measures ages by (tests move it on). */
  now?: () => number
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

/** A write of the game server's batcher: a new round, or an instant round settled. */
type RoundWrite = { kind: 'store'; values: unknown[] } | { kind: 'settle'; roundId: string; balance: number }

const tx = (roundId: string, what: string) => `${roundId}:${what}`

/** Random bytes drawn 4 KB at a time (one system call for hundreds of round ids). */
let entropy = Buffer.alloc(0)
let entropyUsed = 0

/** A round id: 96 random bits as 24 hex digits. */
export function newRoundId(): string {
  if (entropyUsed + 12 > entropy.length) {
    entropy = crypto.randomBytes(4096)
    entropyUsed = 0
  }
  entropyUsed += 12
  return entropy.toString('hex', entropyUsed - 12, entropyUsed)
}

/** Players whose last seeds are kept in memory (each a few hundred bytes). */
const LAST_SEEDS_KEPT = 50_000

const ROUND_COLUMNS = `round_id, session_id, player_key, game, mode, currency, bet_cents, win_cents, status,
  outcome, hidden, server_seed_hash, client_seed, nonce, balance_after_cents, settled_at`

const ROUND_PARAMS = ROUND_COLUMNS.split(',')
  .map((_, i) => `$${i + 1}`)
  .join(', ')

/** The type of each of ROUND_COLUMNS, in order: rounds go to gs_write_rounds as one array per column. */
const ROUND_COLUMN_TYPES = [
  'text', // round_id
  'text', // session_id
  'text', // player_key
  'text', // game
  'text', // mode
  'text', // currency
  'bigint', // bet_cents
  'bigint', // win_cents
  'text', // status
  'jsonb', // outcome
  'jsonb', // hidden
  'text', // server_seed_hash
  'text', // client_seed
  'bigint', // nonce
  'bigint', // balance_after_cents
  'timestamptz', // settled_at
]
if (ROUND_COLUMN_TYPES.length !== ROUND_COLUMNS.split(',').length)
  throw new Error('a round column without its type')

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
  now: Date,
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
    demo && decision.finished ? now : null,
  ]
}

/**
 * Rounds: decided from the provably fair seeds and stored before any money moves or the client
 * animates; then, for real money, the bet and the win through the casino's wallet. A bet whose
 * answer is lost is rolled back; a win that cannot be delivered is retried by the settler until
 * it is. Demo rounds move FUN money held in the session, in the same transaction as the round.
 */
export class Rounds {
  /** The seeds of each player's last real round on this node. */
  private lastSeeds = new RecentMap<string, RoundSeeds>(LAST_SEEDS_KEPT)

  /**
   * The round writes, many to a statement and one statement at a time (migration 005): instant
   * rounds the wallet has settled, marked settled; real rounds stored, each with its nonce claim.
   * A store answers whether it was stored, i.e. its nonce was still the player's next. A statement
   * that fails is played again write by write, so that one bad write fails alone.
   */
  private writes = new Batcher<RoundWrite, boolean | Error>(async (writes) => {
    try {
      return await this.writeRounds(writes)
    } catch (error) {
      if (writes.length === 1) return [error as Error]
      return Promise.all(
        writes.map((w) =>
          this.writeRounds([w]).then(
            ([done]) => done!,
            (err: unknown) => err as Error,
          ),
        ),
      )
    }
  })

  private async write(w: RoundWrite): Promise<boolean> {
    const done = await this.writes.add(w)
    if (done instanceof Error) throw done
    return done
  }

  private async writeRounds(writes: RoundWrite[]): Promise<boolean[]> {
    const settles = writes.flatMap((w) => (w.kind === 'settle' ? [w] : []))
    // By player: statements of several nodes claim players' rows in one order, never in a cycle.
    const key = (values: unknown[]) => values[2] as string
    const stores = writes
      .flatMap((w) => (w.kind === 'store' ? [w.values] : []))
      .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
    const stored = await this.db.query<{ round_id: string }>(
      `SELECT round_id FROM gs_write_rounds($1::text[], $2::bigint[], ${ROUND_COLUMN_TYPES.map((type, c) => `$${c + 3}::${type}[]`).join(', ')}, $${ROUND_COLUMN_TYPES.length + 3}::timestamptz) AS round_id`,
      [
        settles.map((w) => w.roundId),
        settles.map((w) => w.balance),
        ...ROUND_COLUMN_TYPES.map((_, c) => stores.map((values) => values[c])),
        new Date(this.now()),
      ],
    )
    const ids = new Set(stored.map((row) => row.round_id))
    return writes.map((w) => w.kind === 'settle' || ids.has(w.values[0] as string))
  }

  private finishers: Map<string, (hidden: unknown) => Ending>
  private openRoundLimitMs: number
  private now: () => number

  constructor(
    private db: SqlDatabase,
    private wallet: WalletClient,
    private log: Logger,
    options: RoundsOptions = {},
  ) {
    this.finishers = options.finishers ?? new Map<string, (hidden: unknown) => Ending>()
    this.openRoundLimitMs = options.openRoundLimitMs ?? OPEN_ROUND_LIMIT_MS
    this.now = options.now ?? Date.now
  }

  async play<O>(session: GameSession, decide: (rng: Rng) => Decision<O>): Promise<RoundAnswer<O>> {
    const roundId = newRoundId()
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
    // An instant round (slot, roulette): bet and win in one wallet call, one casino transaction;
    // the round marked settled with the rounds settling beside it (group commit) before the answer.
    const settled = await this.placeBet(session, roundId, decision.betCents, 'bet', decision.winCents)
    await this.write({ kind: 'settle', roundId, balance: settled })
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
    const now = new Date(this.now())
    await t.query(
      `INSERT INTO gs_rounds (${ROUND_COLUMNS}, created_at, last_action_at)
       VALUES (${ROUND_PARAMS}, $${ROUND_COLUMN_TYPES.length + 1}, $${ROUND_COLUMN_TYPES.length + 1})`,
      [...roundValues(session, roundId, decision, seeds, balance, now), now],
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
      if (
        await this.write({
          kind: 'store',
          values: roundValues(session, roundId, decision, seeds, null, new Date(this.now())),
        })
      ) {
        this.lastSeeds.set(session.player_key, seeds)
        return { decision, fair: fairState(seeds) }
      }
      this.lastSeeds.delete(session.player_key)
    }
    throw new GameError('busy', 503)
  }

  /**
   * The session's open round, answered to a new deal instead of a second round: a client that
   * lost track of its round (a failed request) is shown it again, as it stands.
   */
  async openRound<O>(session: GameSession): Promise<(RoundAnswer<O> & { resumed: true }) | undefined> {
    const [round] = await this.db.query<{
      round_id: string
      bet_cents: bigint
      outcome: O
      server_seed_hash: string
      client_seed: string
      nonce: bigint
    }>(
      `SELECT round_id, bet_cents, outcome, server_seed_hash, client_seed, nonce FROM gs_rounds
       WHERE session_id = $1 AND status = 'open' ORDER BY id DESC LIMIT 1`,
      [session.id],
    )
    if (!round) return undefined
    const balance =
      session.mode === 'demo'
        ? Number(session.demo_balance_cents)
        : (await this.wallet.call('balance', { session_id: session.wallet_session_id! })).balance_cents
    return {
      round_id: round.round_id,
      bet_cents: Number(round.bet_cents),
      win_cents: 0,
      balance_cents: balance,
      outcome: round.outcome,
      fair: {
        server_seed_hash: round.server_seed_hash,
        client_seed: round.client_seed,
        nonce: Number(round.nonce),
      },
      resumed: true,
    }
  }

  /**
   * An action on an open round, applied exactly once to the state it was decided from: stored only
   * if the round is still at the version read, else 409 and nothing moved. The stake it adds is
   * taken first: demo money in the same transaction; real money by the wallet, sent only after the
   * round is claimed for it (pending_bet), so that a concurrent action can send none.
   */
  async act<S>(
    session: GameSession,
    roundId: string,
    decide: (hidden: S) => Step<S>,
  ): Promise<{ step: Step<S>; balance: number | undefined }> {
    const [round] = await this.db.query<{
      hidden: S
      version: number
      bets_sent: number
      pending_bet: string | null
    }>(
      `SELECT hidden, version, bets_sent, pending_bet FROM gs_rounds
       WHERE round_id = $1 AND session_id = $2 AND status = 'open'`,
      [roundId, session.id],
    )
    if (!round) throw new GameError('round_not_open', 409)
    if (round.pending_bet !== null) throw new GameError('round_changed', 409)
    const step = decide(round.hidden)
    if (session.mode === 'demo') {
      const balance = await this.db.transaction((t) =>
        this.applyDemo(t, session, roundId, round.version, step),
      )
      if (balance === null) throw await this.conflict(roundId)
      return { step, balance }
    }
    let version = round.version
    let balance: number | undefined
    if (step.addedBetCents > 0) {
      const what = `bet${round.bets_sent + 1}`
      version = await this.claimForBet(roundId, version, what)
      balance = await this.betClaimed(session, roundId, version, step.addedBetCents, what)
    }
    if (!(await this.store(this.db, roundId, version, step, 'placed'))) throw await this.conflict(roundId)
    if (step.finished) balance = await this.payWin(session, roundId, step.winCents, balance)
    return { step, balance }
  }

  /**
   * Ends an open round still at `version` (a live table's payout, the settler finishing a round
   * left open): the final outcome stored and the win paid. null: it was ended or acted on first.
   */
  async finish(
    session: GameSession,
    roundId: string,
    version: number,
    ending: Ending,
    auto = false,
  ): Promise<number | null> {
    const step: Step<never> = { ...ending, addedBetCents: 0, hidden: null, finished: true }
    if (session.mode === 'demo')
      return this.db.transaction((t) => this.applyDemo(t, session, roundId, version, step, auto))
    if (!(await this.store(this.db, roundId, version, step, 'placed', auto))) return null
    return this.payWin(session, roundId, ending.winCents, undefined)
  }

  /** Claims an open round for a stake about to be sent (only the claimer sends it): the new version. */
  private async claimForBet(roundId: string, version: number, what: string): Promise<number> {
    const claimed = await this.db.query(
      `UPDATE gs_rounds SET version = version + 1, pending_bet = $3, last_action_at = $4
       WHERE round_id = $1 AND status = 'open' AND version = $2 AND pending_bet IS NULL RETURNING 1`,
      [roundId, version, what, new Date(this.now())],
    )
    if (!claimed.length) throw await this.conflict(roundId)
    return version + 1
  }

  /**
   * The claimed stake through the wallet. Refused: nothing was taken and the round is freed as it
   * was. Answer lost: the bet may stand (placeBet's rollback can fail too), so the round stays
   * claimed until the settler has rolled the bet back.
   */
  private async betClaimed(
    session: GameSession,
    roundId: string,
    version: number,
    betCents: number,
    what: string,
  ): Promise<number> {
    try {
      return await this.placeBet(session, roundId, betCents, what)
    } catch (error) {
      if (error instanceof GameError && error.code !== 'wallet_unavailable') {
        await this.db.query(
          `UPDATE gs_rounds SET version = version + 1, pending_bet = NULL WHERE round_id = $1 AND version = $2`,
          [roundId, version],
        )
      }
      throw error
    }
  }

  /**
   * Stores an open round's next state, or its end (then `ended`: placed until the wallet has the
   * win, or settled), if the round is still at `version`: false when another action, or the
   * settler, got there first.
   */
  private async store(
    t: Executor,
    roundId: string,
    version: number,
    step: Step<unknown>,
    ended: 'placed' | 'settled',
    auto = false,
  ): Promise<boolean> {
    const stored = await t.query(
      `UPDATE gs_rounds SET version = version + 1, pending_bet = NULL, last_action_at = $10::timestamptz,
         hidden = $3, outcome = $4, bet_cents = $5, win_cents = $6, auto_completed = $9,
         status = CASE WHEN $7 THEN $8 ELSE status END,
         settled_at = CASE WHEN $7 AND $8 = 'settled' THEN $10::timestamptz END
       WHERE round_id = $1 AND status = 'open' AND version = $2 RETURNING 1`,
      [
        roundId,
        version,
        step.hidden === null ? null : JSON.stringify(step.hidden),
        JSON.stringify(step.outcome),
        step.betCents,
        step.finished ? step.winCents : 0,
        step.finished,
        ended,
        auto,
        new Date(this.now()),
      ],
    )
    return stored.length > 0
  }

  /**
   * A demo step in one transaction: the round stored if unchanged, then the FUN money moved (the
   * added stake out, the win in). null: the round had changed.
   */
  private async applyDemo(
    t: Executor,
    session: GameSession,
    roundId: string,
    version: number,
    step: Step<unknown>,
    auto = false,
  ): Promise<number | null> {
    if (!(await this.store(t, roundId, version, step, 'settled', auto))) return null
    const [row] = await t.query<{ demo_balance_cents: bigint }>(
      `UPDATE gs_sessions SET demo_balance_cents = demo_balance_cents - $2 + $3
       WHERE id = $1 AND demo_balance_cents >= $2 RETURNING demo_balance_cents`,
      [session.id, step.addedBetCents, step.finished ? step.winCents : 0],
    )
    if (!row) throw new GameError('insufficient_funds')
    if (step.finished) {
      await t.query(`UPDATE gs_rounds SET balance_after_cents = $2 WHERE round_id = $1`, [
        roundId,
        row.demo_balance_cents.toString(),
      ])
    }
    return Number(row.demo_balance_cents)
  }

  /** Why a round was not at the version read: ended meanwhile, or acted on by another request. */
  private async conflict(roundId: string): Promise<GameError> {
    const [row] = await this.db.query<{ status: string }>(
      'SELECT status FROM gs_rounds WHERE round_id = $1',
      [roundId],
    )
    return new GameError(row?.status === 'open' ? 'round_changed' : 'round_not_open', 409)
  }

  /** The demo balance pays the bet and takes the win, never below zero. */
  private async moveDemo(t: Executor, sessionId: string, decision: Decision<unknown>): Promise<bigint> {
    const win = decision.finished ? decision.winCents : 0
    const [row] = await t.query<{ demo_balance_cents: bigint }>(
      `UPDATE gs_sessions SET demo_balance_cents = demo_balance_cents - $2 + $3, last_seen_at = $4
       WHERE id = $1 AND demo_balance_cents >= $2 RETURNING demo_balance_cents`,
      [sessionId, decision.betCents, win, new Date(this.now())],
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
    // The round's first bet undone voids the round; a double or split bet undone leaves it open
    // (its action never happened: the round goes on from the state before it).
    if (what !== 'bet') return
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
   * One pass of the settler (a job every few seconds: jobs.ts): bets whose answer never came are
   * rolled back; wins not delivered are sent again (the wallet applies each once); rounds left
   * open past the limit are finished. Answers how many rounds it settled, freed or finished.
   */
  async settle(olderThanMs = WALLET_TIMEOUT_MS * 2): Promise<number> {
    const freed = await this.releaseLostBets(olderThanMs)
    const finished = await this.finishAbandoned()
    return freed + finished + (await this.settleLostAnswers(olderThanMs))
  }

  /**
   * Frees the rounds whose double or split never completed (its answer was lost, or the node
   * stopped): each is first claimed from that action (which then cannot store its state), then
   * the bet is rolled back (by its transaction id: at most once), then it takes actions again.
   */
  private async releaseLostBets(olderThanMs: number): Promise<number> {
    const rows = await this.db.query<{
      round_id: string
      version: number
      pending_bet: string
      wallet_session_id: string
    }>(
      `SELECT r.round_id, r.version, r.pending_bet, s.wallet_session_id FROM gs_rounds r JOIN gs_sessions s ON s.id = r.session_id
       WHERE r.status = 'open' AND r.pending_bet IS NOT NULL AND r.last_action_at < $1
       ORDER BY r.last_action_at LIMIT 100`,
      [new Date(this.now() - olderThanMs)],
    )
    let freed = 0
    for (const row of rows) {
      try {
        const claimed = await this.db.query(
          'UPDATE gs_rounds SET version = version + 1 WHERE round_id = $1 AND version = $2 RETURNING 1',
          [row.round_id, row.version],
        )
        if (!claimed.length) continue
        await this.rollback(row.wallet_session_id, row.round_id, row.pending_bet)
        // Its age still counts from the player's last action (the double or split tried).
        await this.db.query(
          'UPDATE gs_rounds SET version = version + 1, pending_bet = NULL WHERE round_id = $1 AND version = $2',
          [row.round_id, row.version + 1],
        )
        freed++
      } catch (error) {
        if (error instanceof WalletUnavailable) break
        this.log.error({ err: error, round: row.round_id }, 'freeing a round failed')
      }
    }
    return freed
  }

  /**
   * Finishes the rounds their players left (no action for the limit) as their game says, on
   * every node at once: each round is claimed by its version, so it is finished once.
   */
  private async finishAbandoned(): Promise<number> {
    if (!this.finishers.size) return 0
    const rows = await this.db.query<GameSession & { round_id: string; version: number; hidden: unknown }>(
      `SELECT r.round_id, r.version, r.hidden,
              s.id, s.mode, s.player_key, s.game, s.currency, s.wallet_session_id, s.demo_balance_cents
       FROM gs_rounds r JOIN gs_sessions s ON s.id = r.session_id
       WHERE r.status = 'open' AND r.pending_bet IS NULL AND r.game = ANY($1::text[]) AND r.last_action_at < $2
       ORDER BY r.last_action_at LIMIT 100`,
      [[...this.finishers.keys()], new Date(this.now() - this.openRoundLimitMs)],
    )
    let finished = 0
    for (const { round_id: roundId, version, hidden, ...session } of rows) {
      try {
        const ending = this.finishers.get(session.game)!(hidden)
        if ((await this.finish(session, roundId, version, ending, true)) !== null) finished++
      } catch (error) {
        this.log.error({ err: error, round: roundId }, 'finishing a round left open failed')
      }
    }
    return finished
  }

  /** Bets whose answer never came are rolled back; wins not delivered are sent again. */
  private async settleLostAnswers(olderThanMs: number): Promise<number> {
    const rows = await this.db.query<{
      round_id: string
      status: 'pending' | 'placed'
      win_cents: bigint
      wallet_session_id: string
    }>(
      `SELECT r.round_id, r.status, r.win_cents, s.wallet_session_id FROM gs_rounds r JOIN gs_sessions s ON s.id = r.session_id
       WHERE r.status IN ('pending', 'placed') AND r.mode = 'real' AND r.created_at < $1
       ORDER BY r.id LIMIT 100`,
      [new Date(this.now() - olderThanMs)],
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
