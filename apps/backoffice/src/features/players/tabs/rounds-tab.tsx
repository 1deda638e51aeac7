import { useQuery } from '@tanstack/react-query'
import { useParams, useSearchParams } from 'react-router'
import type { z } from 'zod'
import { CURRENCIES } from '@aurum/shared/currencies'
import type { playerRoundsPage } from '@aurum/shared/contracts/admin-players'
import { DataTable, type Column } from '../../../components/data-table.tsx'
import { ErrorNotice } from '../../../components/field-errors.tsx'
import { FilterField, FilterSelect, Filters } from '../../../components/filters.tsx'
import { api, queryString } from '../../../lib/http.ts'
import { dateTime, money } from '../../../lib/format.ts'
import { useI18n } from '../../../lib/i18n.tsx'
import { listQuery } from '../../../lib/list.ts'
import { playerKey } from '../api.ts'
import { MorePager } from '../pager.tsx'
import styles from '../players.module.css'

type RoundsPage = z.infer<typeof playerRoundsPage>
type Round = RoundsPage['data'][number]

const FILTERS = ['currency', 'from', 'to'] as const

/** The player's game rounds with the provably fair data our game server keeps for each. */
export function RoundsTab() {
  const { t, locale } = useI18n()
  const { id = '' } = useParams()
  const [params] = useSearchParams()
  const query = queryString(listQuery(params, FILTERS))
  const page = useQuery({
    queryKey: [...playerKey(id), 'rounds', query],
    queryFn: () => api<RoundsPage>('GET', `/api/admin/players/${id}/rounds${query}`),
  })
  const columns: Column<Round>[] = [
    { key: 'at', header: t('players.at'), render: (r) => dateTime(r.created_at, locale, true) },
    {
      key: 'game',
      header: t('players.rounds.game'),
      render: (r) => (
        <>
          {r.title}
          <br />
          <span className="muted mono">{r.game}</span>
        </>
      ),
    },
    {
      key: 'round',
      header: t('players.rounds.round'),
      render: (r) => <span className="mono">{r.round_id}</span>,
    },
    { key: 'status', header: t('players.status'), render: (r) => r.status },
    {
      key: 'bets',
      header: t('players.rounds.bets'),
      align: 'end',
      render: (r) => money(r.total_bets, r.currency, locale),
    },
    {
      key: 'wins',
      header: t('players.rounds.wins'),
      align: 'end',
      render: (r) => money(r.total_wins, r.currency, locale),
    },
    {
      key: 'fairness',
      header: t('players.rounds.fairness'),
      render: (r) =>
        r.fairness ? (
          <dl className={`facts ${styles.seed}`}>
            <dt>{t('players.rounds.server_seed_hash')}</dt>
            <dd>{r.fairness.server_seed_hash}</dd>
            <dt>{t('players.rounds.server_seed')}</dt>
            <dd>{r.fairness.server_seed ?? t('players.rounds.not_revealed')}</dd>
            <dt>{t('players.rounds.client_seed')}</dt>
            <dd>{r.fairness.client_seed}</dd>
            <dt>{t('players.rounds.nonce')}</dt>
            <dd>{r.fairness.nonce}</dd>
          </dl>
        ) : (
          <span className="muted">{t('players.rounds.no_fairness')}</span>
        ),
    },
  ]
  return (
    <section aria-labelledby="rounds-title">
      <h2 id="rounds-title">{t('players.tabs.rounds')}</h2>
      <Filters>
        <FilterSelect
          name="currency"
          label={t('players.currency')}
          value={params.get('currency')}
          options={CURRENCIES.map((c) => ({ value: c.code, label: c.code }))}
        />
        <FilterField name="from" type="date" label={t('filters.from')} value={params.get('from')} />
        <FilterField name="to" type="date" label={t('filters.to')} value={params.get('to')} />
      </Filters>
      {page.data && !page.data.fairness_available && (
        <p className="notice" role="status">
          {t('players.rounds.fairness_unavailable')}
        </p>
      )}
      <ErrorNotice error={page.error} />
      <DataTable
        caption={t('players.tabs.rounds')}
        columns={columns}
        rows={page.data?.data}
        rowKey={(r) => r.id}
        loading={page.isFetching}
      />
      {page.data && <MorePager page={page.data.pagination.page} hasMore={page.data.pagination.has_more} />}
    </section>
  )
}
