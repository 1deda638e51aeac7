import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { AdminPayment } from '@aurum/shared/contracts/admin-payments'
import { DataTable, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { useCan } from '../auth/me.ts'
import { api } from '../../lib/http.ts'
import { dateTime, money } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { PaymentsTabs } from './payments-tabs.tsx'

/**
 * Payments whose provider's answer was never recorded (a node died, a timeout): the reconciler
 * settles them on its own; here an operator asks the provider now.
 */
export function StuckPage() {
  const { t, locale } = useI18n()
  const can = useCan()
  const queryClient = useQueryClient()
  const stuck = useQuery({
    queryKey: ['payments', 'stuck'],
    queryFn: () => api<AdminPayment[]>('GET', '/api/admin/payments/stuck'),
  })
  const reconcile = useMutation({
    mutationFn: (id: string) => api<AdminPayment>('POST', `/api/admin/payments/${id}/reconcile`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payments'] }),
  })
  const columns: Column<AdminPayment>[] = [
    {
      key: 'id',
      header: t('payments.id'),
      align: 'end',
      render: (p) => <Link to={`/payments/${p.id}`}>{p.id}</Link>,
    },
    { key: 'created', header: t('payments.created'), render: (p) => dateTime(p.created_at, locale, true) },
    { key: 'player', header: t('payments.player'), render: (p) => p.player.email },
    { key: 'action', header: t('payments.action'), render: (p) => t(`payments.actions.${p.action}`) },
    {
      key: 'amount',
      header: t('payments.amount'),
      align: 'end',
      render: (p) => money(p.amount_cents, p.currency, locale),
    },
    {
      key: 'reconcile',
      header: t('payments.reconcile'),
      render: (p) =>
        can('payments:approve') ? (
          <button
            type="button"
            className="button"
            disabled={reconcile.isPending}
            onClick={() => reconcile.mutate(p.id)}
          >
            {t('payments.ask_provider')}
          </button>
        ) : (
          '–'
        ),
    },
  ]
  return (
    <section className="page" aria-labelledby="stuck-title">
      <div className="page-header">
        <h1 id="stuck-title">{t('payments.title')}</h1>
      </div>
      <PaymentsTabs />
      <p className="muted">{t('payments.stuck_explained')}</p>
      <ErrorNotice error={stuck.error ?? reconcile.error} />
      {reconcile.isSuccess && (
        <p className="notice notice-success" role="status">
          {t('payments.reconciled', { id: reconcile.data.id })}
        </p>
      )}
      <DataTable
        caption={t('payments.tabs.stuck')}
        columns={columns}
        rows={stuck.data}
        rowKey={(p) => p.id}
        empty={t('payments.none_stuck')}
      />
    </section>
  )
}
