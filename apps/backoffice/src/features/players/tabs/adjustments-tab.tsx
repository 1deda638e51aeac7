import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import type { BalanceAdjustment } from '@aurum/shared/contracts/admin-payments'
import { DataTable, type Column } from '../../../components/data-table.tsx'
import { ErrorNotice } from '../../../components/field-errors.tsx'
import { dateTime, money } from '../../../lib/format.ts'
import { useI18n } from '../../../lib/i18n.tsx'
import { adjustmentsQuery } from '../api.ts'

/**
 * The player's balance adjustments, newest first: applied, waiting for a second member (four eyes,
 * decided in the approvals inbox) or rejected, with who asked and why.
 */
export function AdjustmentsTab() {
  const { t, locale } = useI18n()
  const { id = '' } = useParams()
  const adjustments = useQuery(adjustmentsQuery(id))
  const columns: Column<BalanceAdjustment>[] = [
    { key: 'id', header: t('players.id'), align: 'end', render: (a) => a.id },
    { key: 'at', header: t('players.at'), render: (a) => dateTime(a.created_at, locale, true) },
    {
      key: 'amount',
      header: t('players.amount'),
      align: 'end',
      render: (a) => money(a.amount_cents, a.currency, locale),
    },
    {
      key: 'state',
      header: t('players.status'),
      render: (a) => (
        <span className={a.state === 'pending' ? 'attention' : a.state === 'rejected' ? 'muted' : undefined}>
          {t(`players.adjustments.states.${a.state}`)}
        </span>
      ),
    },
    { key: 'reason', header: t('approvals.reason'), render: (a) => a.reason },
    { key: 'by', header: t('players.adjustments.requested_by'), render: (a) => a.requested_by.email },
    {
      key: 'decided',
      header: t('players.adjustments.decided_at'),
      render: (a) => dateTime(a.decided_at, locale, true),
    },
    {
      key: 'transaction',
      header: t('players.ledger.transaction'),
      align: 'end',
      render: (a) => a.ledger_transaction_id ?? '–',
    },
  ]
  return (
    <section aria-labelledby="adjustments-title">
      <h2 id="adjustments-title">{t('players.tabs.adjustments')}</h2>
      <p className="muted">{t('players.adjustments.explained')}</p>
      <ErrorNotice error={adjustments.error} />
      <DataTable
        caption={t('players.tabs.adjustments')}
        columns={columns}
        rows={adjustments.data}
        rowKey={(a) => a.id}
        loading={adjustments.isFetching}
        empty={t('players.adjustments.none')}
      />
    </section>
  )
}
