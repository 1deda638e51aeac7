import { formatAmount, type WinNotice } from '@aurum/shared'
import type { Database } from '../../db/client.ts'

/** A round is a notable win when it paid at least this many times its bets (the feed's rule). */
export const NOTABLE_MULTIPLIER = 10

interface WinRow {
  finished_at: Date
  total_bets: bigint
  total_wins: bigint
  currency: string
  identifier: string
  seo_title: string
  title: string
  provider: string
  nickname: string | null
  email: string
}

/** "ja***": enough to recognise oneself, not enough to find anyone. */
export function maskNickname(nickname: string | null, email: string): string {
  const name = (nickname?.trim() || email.split('@')[0] || '').trim()
  const first = [...new Intl.Segmenter().segment(name)].slice(0, 2).map((s) => s.segment)
  return `${first.join('')}***`
}

const SELECT = `SELECT r.finished_at, r.total_bets, r.total_wins, r.currency, g.identifier, g.seo_title, g.title,
    g.provider, u.nickname, u.email
  FROM game_rounds r JOIN games g ON g.id = r.game_id JOIN users u ON u.id = r.user_id`
const NOTABLE = `r.status = 'closed' AND r.total_wins > 0 AND r.total_wins >= ${NOTABLE_MULTIPLIER} * r.total_bets`

/** The recent-wins feed (`GET /api/stats/winners/latest`, `public:wins`): rounds that paid 10× or more. */
export class Winners {
  constructor(private db: Database) {}

  async latest(locale: string, limit = 20): Promise<WinNotice[]> {
    const rows = await this.db.query<WinRow>(
      `${SELECT} WHERE ${NOTABLE} AND r.finished_at IS NOT NULL ORDER BY r.finished_at DESC LIMIT $1`,
      [limit],
    )
    return rows.map((r) => toNotice(r, locale))
  }

  /** The round as a feed entry when it is a notable win, else null. */
  async ofRound(provider: string, roundId: string): Promise<WinNotice | null> {
    const [row] = await this.db.query<WinRow>(
      `${SELECT} WHERE r.provider = $1 AND r.round_id = $2 AND ${NOTABLE}`,
      [provider, roundId],
    )
    return row ? toNotice(row, 'en') : null
  }
}

function toNotice(r: WinRow, locale: string): WinNotice {
  return {
    at: Math.floor(r.finished_at.getTime() / 1000),
    bet_amount_cents: Number(r.total_bets),
    win_amount_cents: Number(r.total_wins),
    currency: r.currency,
    game_identifier: r.identifier,
    game_table_image_path: `/game-art/${r.provider}/${r.seo_title}.svg`,
    game_table_url: `/play/${r.provider}/${r.seo_title}`,
    game_title: r.title,
    humanized_win: formatAmount(r.total_wins, r.currency, locale),
    nickname: maskNickname(r.nickname, r.email),
  }
}
