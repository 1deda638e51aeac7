import { formatAmount, type WinNotice } from '@aurum/shared'
import type { Database } from '../../db/client.ts'
import { GamesRepository, type WinRow } from './repository.ts'

export { NOTABLE_MULTIPLIER } from './constants.ts'

/** "ja***": enough to recognise oneself, not enough to find anyone. */
export function maskNickname(nickname: string | null, email: string): string {
  const name = (nickname?.trim() || email.split('@')[0] || '').trim()
  const first = [...new Intl.Segmenter().segment(name)].slice(0, 2).map((s) => s.segment)
  return `${first.join('')}***`
}

/** The recent-wins feed (`GET /api/stats/winners/latest`, `public:wins`): rounds that paid 10× or more. */
export class Winners {
  private repo: GamesRepository

  constructor(db: Database) {
    this.repo = new GamesRepository(db)
  }

  async latest(locale: string, limit = 20): Promise<WinNotice[]> {
    const rows = await this.repo.latestWins(limit)
    return rows.map((r) => toNotice(r, locale))
  }

  /** The round as a feed entry when it is a notable win, else null. */
  async ofRound(provider: string, roundId: string): Promise<WinNotice | null> {
    const row = await this.repo.notableRound(provider, roundId)
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
