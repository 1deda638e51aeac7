import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { DataTable, type Column } from '../../../components/data-table.tsx'
import { ErrorNotice } from '../../../components/field-errors.tsx'
import { money } from '../../../lib/format.ts'
import { useI18n } from '../../../lib/i18n.tsx'
import { walletsQuery, type PlayerWallets } from '../api.ts'

type Wallet = PlayerWallets['data'][number]

/** The balances per currency, from the ledger's accounts. */
export function WalletsTab() {
  const { t, locale } = useI18n()
  const { id = '' } = useParams()
  const wallets = useQuery(walletsQuery(id))
  const columns: Column<Wallet>[] = [
    {
      key: 'currency',
      header: t('players.currency'),
      render: (w) =>
        [
          w.currency,
          w.active ? t('players.wallets.active') : null,
          w.hidden ? t('players.wallets.hidden') : null,
        ]
          .filter(Boolean)
          .join(' · '),
    },
    {
      key: 'real',
      header: t('players.wallets.real'),
      align: 'end',
      render: (w) => money(w.real, w.currency, locale),
    },
    {
      key: 'bonus',
      header: t('players.wallets.bonus'),
      align: 'end',
      render: (w) => money(w.bonus, w.currency, locale),
    },
    {
      key: 'locked',
      header: t('players.wallets.locked'),
      align: 'end',
      render: (w) => money(w.locked, w.currency, locale),
    },
    {
      key: 'cashout',
      header: t('players.wallets.available_to_cashout'),
      align: 'end',
      render: (w) => money(w.available_to_cashout, w.currency, locale),
    },
  ]
  return (
    <section aria-labelledby="wallets-title">
      <h2 id="wallets-title">{t('players.tabs.wallets')}</h2>
      <p className="muted">{t('players.wallets.explained')}</p>
      <ErrorNotice error={wallets.error} />
      <DataTable
        caption={t('players.tabs.wallets')}
        columns={columns}
        rows={wallets.data?.data}
        rowKey={(w) => w.currency}
        loading={wallets.isFetching}
      />
    </section>
  )
}
