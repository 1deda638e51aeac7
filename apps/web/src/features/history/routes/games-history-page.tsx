import { useState } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { useSearchParams } from 'react-router'
import { Button, ButtonLink } from '../../../components/button/button.tsx'
import { useAccounts } from '../../wallet/api/accounts.ts'
import { useGameRounds, type GameRound } from '../api/game-rounds.ts'
import { CsvDownload } from '../components/csv-download.tsx'
import { HistoryFilters } from '../components/history-filters.tsx'
import { filterSearch, gamesApiQuery, hasFilters, money, parseFilter, signedMoney } from '../filters.ts'
import styles from '../history.module.css'

/**
 * The games history (spec §2 /users/games-history): the player's real-money rounds, newest first,
 * with the bet, the win, the result, the balance each left and its provably fair data. The rounds
 * load in the browser (times are shown in the player's time zone, which the server does not know).
 */
export function GamesHistoryPage() {
  const { t } = useTranslation()
  const [search] = useSearchParams()
  const filter = parseFilter(search)
  const query = gamesApiQuery(filter, new Date())
  const rounds = useGameRounds(query)
  const accounts = useAccounts(true)
  const currencies = (accounts.data ?? []).map((a) => a.currency)
  const list = rounds.data?.pages.flat() ?? []
  return (
    <section className={styles.card} aria-labelledby="games-history-title">
      <h2 id="games-history-title">{t('history.games_title')}</h2>
      <p className={styles.muted}>{t('history.games_intro')}</p>
      <HistoryFilters key={filterSearch(filter)} filter={filter} currencies={currencies} />
      {!rounds.data ? (
        <p role="status">{rounds.isError ? t('profile.load_failed') : t('common.loading')}</p>
      ) : list.length === 0 ? (
        <div className={styles.empty}>
          {hasFilters(filter) ? (
            <p>{t('history.empty_games_filtered')}</p>
          ) : (
            <>
              <p>{t('history.empty_games')}</p>
              <ButtonLink to="/">{t('history.play_now')}</ButtonLink>
            </>
          )}
        </div>
      ) : (
        <>
          <CsvDownload path="/api/player/games.csv" query={query} />
          <div className={styles.scroll} role="region" aria-labelledby="games-history-title" tabIndex={0}>
            {/* Roles restated: a phone shows each row as a card (display changed), which drops a
                table's semantics in some browsers unless they are given explicitly. */}
            <table className={styles.table} role="table">
              <caption className="visually-hidden">{t('history.games_caption')}</caption>
              <thead role="rowgroup">
                <tr role="row">
                  <th scope="col" role="columnheader">
                    {t('history.col_date')}
                  </th>
                  <th scope="col" role="columnheader">
                    {t('history.col_game')}
                  </th>
                  <th scope="col" role="columnheader" className={styles.number}>
                    {t('history.col_bet')}
                  </th>
                  <th scope="col" role="columnheader" className={styles.number}>
                    {t('history.col_win')}
                  </th>
                  <th scope="col" role="columnheader" className={styles.number}>
                    {t('history.col_net')}
                  </th>
                  <th scope="col" role="columnheader" className={styles.number}>
                    {t('history.col_balance')}
                  </th>
                  <th scope="col" role="columnheader">
                    {t('history.col_status')}
                  </th>
                  <th scope="col" role="columnheader">
                    <span className="visually-hidden">{t('history.col_details')}</span>
                  </th>
                </tr>
              </thead>
              {list.map((round) => (
                <RoundRows key={round.bet_id} round={round} />
              ))}
            </table>
          </div>
          {rounds.hasNextPage && (
            <Button
              variant="secondary"
              disabled={rounds.isFetchingNextPage}
              onClick={() => void rounds.fetchNextPage()}
            >
              {rounds.isFetchingNextPage ? t('common.loading') : t('history.load_more')}
            </Button>
          )}
        </>
      )}
    </section>
  )
}

/** A round's row, and the row of its details under it (one group per round). */
function RoundRows({ round }: { round: GameRound }) {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState(false)
  const lang = i18n.language
  const when = new Date(round.created_at).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' })
  const net = round.total_wins - round.total_bets
  const detailsId = `round-${round.bet_id}-details`
  return (
    <tbody className={styles.group} role="rowgroup">
      <tr role="row">
        <td role="cell" data-label={t('history.col_date')}>
          <time dateTime={round.created_at}>{when}</time>
        </td>
        <th scope="row" role="rowheader" className={styles.title}>
          {round.title}
        </th>
        <td role="cell" className={styles.number} data-label={t('history.col_bet')}>
          {money(round.total_bets, round.currency, lang)}
        </td>
        <td role="cell" className={styles.number} data-label={t('history.col_win')}>
          {money(round.total_wins, round.currency, lang)}
        </td>
        <td
          role="cell"
          className={`${styles.number} ${net > 0 ? styles.gain : net < 0 ? styles.loss : ''}`}
          data-label={t('history.col_net')}
        >
          {signedMoney(net, round.currency, lang)}
        </td>
        <td
          role="cell"
          className={styles.number}
          data-label={t('history.col_balance')}
          data-testid="balance-after"
        >
          {round.balance_after_cents === null ? '—' : money(round.balance_after_cents, round.currency, lang)}
        </td>
        <td role="cell" data-label={t('history.col_status')}>
          {t(`history.status_${round.bet_status}`)}
        </td>
        <td role="cell" className={styles.action}>
          <Button
            variant="ghost"
            size="small"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen(!open)}
          >
            {t('history.details')}
            <span className="visually-hidden">{`: ${round.title}, ${when}`}</span>
          </Button>
        </td>
      </tr>
      <tr id={detailsId} role="row" hidden={!open} className={styles.details}>
        <td role="cell" colSpan={8}>
          <RoundDetails round={round} />
        </td>
      </tr>
    </tbody>
  )
}

/** The provably fair data of a round and the link that recomputes it on the game server. */
function RoundDetails({ round }: { round: GameRound }) {
  const { t } = useTranslation()
  const fair = round.fairness
  return (
    <div className={styles.fairness}>
      <h3>{t('history.fairness_title')}</h3>
      <dl className={styles.facts}>
        <dt>{t('history.round_id')}</dt>
        <dd>
          <code>{round.round_id}</code>
        </dd>
        {fair && (
          <>
            <dt>{t('history.server_seed_hash')}</dt>
            <dd>
              <code>{fair.server_seed_hash}</code>
            </dd>
            <dt>{t('history.client_seed')}</dt>
            <dd>
              <code>{fair.client_seed}</code>
            </dd>
            <dt>{t('history.nonce')}</dt>
            <dd>
              <code>{fair.nonce}</code>
            </dd>
            <dt>{t('history.server_seed')}</dt>
            <dd>{fair.server_seed ? <code>{fair.server_seed}</code> : t('history.server_seed_hidden')}</dd>
          </>
        )}
      </dl>
      {fair ? (
        <>
          <p className={styles.muted}>{t('history.fairness_hint')}</p>
          <a href={fair.verify_url} target="_blank" rel="noopener noreferrer">
            {t('history.verify')}
            <span className="visually-hidden"> ({t('history.new_tab')})</span>
          </a>
        </>
      ) : (
        <p className={styles.muted}>{t('history.fairness_unavailable')}</p>
      )}
    </div>
  )
}
