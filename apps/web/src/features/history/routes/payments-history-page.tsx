import { useTranslation } from '../../../lib/translation.tsx'
import { useSearchParams } from 'react-router'
import { Button, ButtonLink } from '../../../components/button/button.tsx'
import { useAccounts } from '../../wallet/api/accounts.ts'
import type { PlayerPayment } from '@aurum/shared/contracts/payments'
import { usePaymentHistoryPages } from '../api/payments.ts'
import { CsvDownload } from '../components/csv-download.tsx'
import { HistoryFilters } from '../components/history-filters.tsx'
import { filterSearch, hasFilters, money, parseFilter, paymentsApiFilter } from '../filters.ts'
import styles from '../history.module.css'

/**
 * The payment history (/users/payments-history): every deposit and withdrawal, newest first, by
 * currency, type, state and period, with its CSV. The cashbox shows only the latest few.
 */
export function PaymentsHistoryPage() {
  const { t } = useTranslation()
  const [search] = useSearchParams()
  const filter = parseFilter(search)
  const query = paymentsApiFilter(filter, new Date())
  const payments = usePaymentHistoryPages(query)
  const accounts = useAccounts(true)
  const currencies = (accounts.data ?? []).map((a) => a.currency)
  const list = payments.data?.pages.flatMap((p) => p.data) ?? []
  return (
    <section className={styles.card} aria-labelledby="payments-history-title">
      <h2 id="payments-history-title">{t('history.payments_title')}</h2>
      <p className={styles.muted}>{t('history.payments_intro')}</p>
      <HistoryFilters key={filterSearch(filter)} filter={filter} currencies={currencies} payments />
      {!payments.data ? (
        <p role="status">{payments.isError ? t('profile.load_failed') : t('common.loading')}</p>
      ) : list.length === 0 ? (
        <div className={styles.empty}>
          {hasFilters(filter) ? (
            <p>{t('history.empty_payments_filtered')}</p>
          ) : (
            <>
              <p>{t('history.empty_payments')}</p>
              <ButtonLink to="/deposit">{t('history.deposit_now')}</ButtonLink>
            </>
          )}
        </div>
      ) : (
        <>
          <CsvDownload path="/api/player/payments.csv" query={query} />
          <div className={styles.scroll} role="region" aria-labelledby="payments-history-title" tabIndex={0}>
            <table className={styles.table} role="table">
              <caption className="visually-hidden">{t('history.payments_caption')}</caption>
              <thead role="rowgroup">
                <tr role="row">
                  <th scope="col" role="columnheader">
                    {t('history.col_date')}
                  </th>
                  <th scope="col" role="columnheader">
                    {t('history.col_type')}
                  </th>
                  <th scope="col" role="columnheader">
                    {t('history.col_method')}
                  </th>
                  <th scope="col" role="columnheader" className={styles.number}>
                    {t('history.col_amount')}
                  </th>
                  <th scope="col" role="columnheader" className={styles.number}>
                    {t('history.col_fee')}
                  </th>
                  <th scope="col" role="columnheader">
                    {t('history.col_status')}
                  </th>
                  <th scope="col" role="columnheader">
                    {t('history.col_reason')}
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup">
                {list.map((payment) => (
                  <PaymentRow key={payment.id} payment={payment} />
                ))}
              </tbody>
            </table>
          </div>
          {payments.hasNextPage && (
            <Button
              variant="secondary"
              disabled={payments.isFetchingNextPage}
              onClick={() => void payments.fetchNextPage()}
            >
              {payments.isFetchingNextPage ? t('common.loading') : t('history.load_more')}
            </Button>
          )}
        </>
      )}
    </section>
  )
}

function PaymentRow({ payment: p }: { payment: PlayerPayment }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const when = new Date(p.created_at).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <tr role="row">
      <th scope="row" role="rowheader" className={styles.title}>
        <time dateTime={p.created_at}>{when}</time>
      </th>
      <td role="cell" data-label={t('history.col_type')}>
        {t(`cashbox.action_${p.action}`)}
      </td>
      <td role="cell" data-label={t('history.col_method')}>
        {p.system_name}
      </td>
      <td role="cell" className={styles.number} data-label={t('history.col_amount')}>
        {money(p.amount_cents, p.currency, lang)}
      </td>
      <td role="cell" className={styles.number} data-label={t('history.col_fee')}>
        {money(p.fee_cents, p.currency, lang)}
      </td>
      <td role="cell" data-label={t('history.col_status')}>
        <span className={`${styles.state} ${styles[`state_${p.state}`] ?? ''}`}>
          {t(`cashbox.state_${p.state}`)}
        </span>
      </td>
      <td role="cell" data-label={t('history.col_reason')}>
        {p.cancellation_reason ?? '—'}
      </td>
    </tr>
  )
}
