import { REALITY_CHECK_OPTIONS, type RealityCheckSession, type RealityCheckState } from '@aurum/shared'
import type { Database } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { SESSION_IDLE_MS } from '../games/index.ts'
import { RealityCheckRepository, type GameSessionSpan } from './repository.ts'

export type { GameSessionSpan } from './repository.ts'

/**
 * A pause longer than this between the player's game sessions starts a new play session: the
 * time after which an unused game session takes no more bets. A reload of the game page, or
 * another game opened soon after, opens a new game session but continues the play session, so
 * the reality check's clock does not start over.
 */
export const PLAY_BREAK_MS = SESSION_IDLE_MS
/** Earlier game sessions are followed back this far (a play session of more than a day is not looked for). */
export const LOOKBACK_MS = 24 * 3_600_000

/**
 * The player's current play session, from their game sessions ordered by start: the newest game
 * session still open and in use (not closed, used within SESSION_IDLE_MS), and when the run of
 * game sessions it belongs to started. Game sessions form one run while each starts no later than
 * PLAY_BREAK_MS after the last use of those before it (sessions open at once overlap).
 */
export function currentPlaySession(
  sessions: readonly GameSessionSpan[],
  now: Date,
  { idleMs = SESSION_IDLE_MS, breakMs = PLAY_BREAK_MS } = {},
): { current: GameSessionSpan; startedAt: Date } | null {
  const live = (s: GameSessionSpan) =>
    s.closed_at === null && now.getTime() - s.last_seen_at.getTime() < idleMs
  const current = sessions.findLast(live)
  if (!current) return null
  let runStart = 0
  let runEnd = Number.NEGATIVE_INFINITY
  for (const s of sessions) {
    const start = s.created_at.getTime()
    if (start > runEnd + breakMs) runStart = start
    runEnd = Math.max(runEnd, s.last_seen_at.getTime())
    if (s === current) return { current, startedAt: new Date(runStart) }
  }
  return null
}

/**
 * The reality check's settings and figures (docs/responsible-gambling.md "Reality check"): the
 * player's interval (the casino's default until chosen) and the current play session's time and
 * result, which the game frame shows at every interval since the session started.
 */
export class RealityCheckService {
  private repo: RealityCheckRepository

  constructor(
    db: Database,
    private defaultMinutes: number,
    private now: () => Date = () => new Date(),
  ) {
    this.repo = new RealityCheckRepository(db)
  }

  async get(userId: bigint): Promise<RealityCheckState> {
    const user = await this.repo.intervalOf(userId)
    if (!user) throw new AppError('not_found', 404)
    return {
      interval_minutes: user.minutes ?? this.defaultMinutes,
      default_minutes: this.defaultMinutes,
      options: [...REALITY_CHECK_OPTIONS],
      session: await this.session(userId),
    }
  }

  async setInterval(userId: bigint, minutes: number): Promise<RealityCheckState> {
    await this.repo.setInterval(userId, minutes)
    return this.get(userId)
  }

  private async session(userId: bigint): Promise<RealityCheckSession | null> {
    const now = this.now()
    // The recent game sessions (index on user and start) and any open one in use since then
    // (partial index of open sessions: a long one started before the look-back still counts).
    const since = new Date(now.getTime() - LOOKBACK_MS)
    const sessions = await this.repo.sessionsSince(userId, since)
    const play = currentPlaySession(sessions, now)
    if (!play) return null
    const { current, startedAt } = play
    // Every round of the player since the start belongs to a game session of this run (a round is
    // bet while its session is in use, and the run reaches to the newest session in use), so the
    // totals are an index-only sum (game_rounds_user_time includes currency and totals). Rounds in
    // another currency played in the same run are not mixed in: the figures are in the currency played.
    const totals = await this.repo.roundTotals(userId, startedAt, current.currency, current.game_id)
    const wagered = Number(totals.wagered)
    const won = Number(totals.won)
    return {
      started_at: startedAt.toISOString(),
      game_title: totals.title,
      currency: current.currency,
      wagered_cents: wagered,
      won_cents: won,
      net_cents: won - wagered,
    }
  }
}
