import { useQuery } from '@tanstack/react-query'
import { Link, useLocation, useSearchParams } from 'react-router'
import type { AdminRound } from '@aurum/shared/contracts/admin-games'
import { DataTable, PagePager, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { FilterField, Filters } from '../../components/filters.tsx'
import { api, queryString } from '../../lib/http.ts'
import { dateTime, money } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { filtersOnly } from '../../lib/list.ts'
import { GamesTabs } from './games-tabs.tsx'
import styles from './games.module.css'

const FILTERS = ['player', 'game', 'from', 'to'] as const

interface RoundsPage {
  data: AdminRound[]
  pagination: { page: number; per_page: number; total_count: number; fairness_available: boolean }
}

/** Rounds as the casino's wallet recorded them, newest first, with their provably fair data. */
export function RoundsPage() {
  const { t, locale } = useI18n()
  const [params] = useSearchParams()
  const location = useLocation()
  const query = queryString({ ...filtersOnly(params, FILTERS), page: params.get('page') || undefined })
  const list = useQuery({
    queryKey: ['games', 'rounds', query],
    queryFn: () => api<RoundsPage>('GET', `/api/admin/games/rounds${query}`),
  })
  const filtered = (name: string, value: string) => {
    const next = new URLSearchParams(params)
    next.set(name, value)
    next.delete('page')
    return `${location.pathname}?${next.toString()}`
  }
  const columns: Column<AdminRound>[] = [
    {
      key: 'created',
      header: t('games.rounds.started'),
      render: (r) => dateTime(r.created_at, locale, true),
    },
    {
      key: 'player',
      header: t('games.rounds.player'),
      render: (r) => (
        <Link
          to={filtered('player', r.player_id)}
          aria-label={t('games.rounds.of_player', { id: r.player_id })}
        >
          {r.player_id}
        </Link>
      ),
    },
    {
      key: 'game',
      header: t('games.game'),
      render: (r) => (
        <>
          <Link to={filtered('game', r.game)}>{r.title}</Link>
          <br />
          <span className="mono muted">{r.round_id}</span>
        </>
      ),
    },
    {
      key: 'bets',
      header: t('games.rounds.bets'),
      align: 'end',
      render: (r) => money(r.total_bets_cents, r.currency, locale),
    },
    {
      key: 'wins',
      header: t('games.rounds.wins'),
      align: 'end',
      render: (r) => money(r.total_wins_cents, r.currency, locale),
    },
    {
      key: 'status',
      header: t('games.rounds.status'),
      render: (r) => t(`games.rounds.statuses.${r.status}`),
    },
    {
      key: 'fairness',
      header: t('games.rounds.fairness'),
      render: (r) =>
        r.fairness ? (
          <dl className={styles.fairness}>
            <dt>{t('games.rounds.server_seed_hash')}</dt>
            <dd className={`mono ${styles.hash}`}>{r.fairness.server_seed_hash}</dd>
            <dt>{t('games.rounds.client_seed')}</dt>
            <dd className={`mono ${styles.hash}`}>{r.fairness.client_seed}</dd>
            <dt>{t('games.rounds.nonce')}</dt>
            <dd>{r.fairness.nonce}</dd>
            <dt>{t('games.rounds.server_seed')}</dt>
            <dd className={`mono ${styles.hash}`}>
              {r.fairness.server_seed ?? t('games.rounds.not_revealed')}
            </dd>
            <dt>{t('games.rounds.verify_path')}</dt>
            <dd className={`mono ${styles.hash}`}>{r.fairness.verify_path}</dd>
          </dl>
        ) : (
          <span className="muted">{t('games.rounds.no_fairness')}</span>
        ),
    },
  ]
  return (
    <section className="page" aria-labelledby="rounds-title">
      <div className="page-header">
        <h1 id="rounds-title">{t('games.rounds.title')}</h1>
      </div>
      <GamesTabs />
      <Filters>
        <FilterField name="player" label={t('games.rounds.player_id')} value={params.get('player')} />
        <FilterField
          name="game"
          label={t('games.identifier')}
          value={params.get('game')}
          placeholder="goldfinch:sunstone-dynasty"
        />
        <FilterField name="from" type="date" label={t('filters.from')} value={params.get('from')} />
        <FilterField name="to" type="date" label={t('filters.to')} value={params.get('to')} />
      </Filters>
      <ErrorNotice error={list.error} />
      {list.data && !list.data.pagination.fairness_available && (
        <p className="notice" role="status">
          {t('games.rounds.fairness_unavailable')}
        </p>
      )}
      <DataTable
        caption={t('games.rounds.title')}
        columns={columns}
        rows={list.data?.data}
        rowKey={(r) => r.id}
        loading={list.isFetching}
      />
      {list.data && (
        <PagePager
          page={list.data.pagination.page}
          totalPages={Math.ceil(list.data.pagination.total_count / list.data.pagination.per_page)}
        />
      )}
    </section>
  )
}
