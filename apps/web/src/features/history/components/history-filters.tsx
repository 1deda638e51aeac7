import { useState, type SubmitEvent } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { Link, useLocation, useNavigate } from 'react-router'
import { Button } from '../../../components/button/button.tsx'
import { SelectField, TextField } from '../../../components/form/field.tsx'
import {
  filterSearch,
  hasFilters,
  parseFilter,
  PAYMENT_STATES,
  PAYMENT_TYPES,
  PERIODS,
  type HistoryFilter,
  type Period,
} from '../filters.ts'
import styles from '../history.module.css'

/**
 * The filters of a history page: a GET form (it works before the page's script has loaded, and
 * the address bar keeps the filter, so it can be shared, reloaded and gone back to). Give it a
 * key of the filter so that it starts again from the address bar when that changes.
 */
export function HistoryFilters({
  filter,
  currencies,
  payments = false,
}: {
  filter: HistoryFilter
  /** The player's wallets' currencies. */
  currencies: string[]
  /** The payment history's type and state too. */
  payments?: boolean
}) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const [period, setPeriod] = useState<Period>(filter.period)
  const shown =
    filter.currency && !currencies.includes(filter.currency) ? [...currencies, filter.currency] : currencies
  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const fields = new URLSearchParams()
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value) fields.set(name, value)
    }
    void navigate({ pathname, search: filterSearch(parseFilter(fields)) })
  }
  return (
    <form
      method="get"
      action={pathname}
      className={styles.filters}
      aria-label={t('history.filters')}
      onSubmit={handleSubmit}
    >
      <SelectField label={t('history.currency')} name="currency" defaultValue={filter.currency ?? ''}>
        <option value="">{t('history.currency_all')}</option>
        {shown.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </SelectField>
      {payments && (
        <>
          <SelectField label={t('history.type')} name="type" defaultValue={filter.type ?? ''}>
            <option value="">{t('history.type_all')}</option>
            {PAYMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`cashbox.action_${type}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('history.state')} name="state" defaultValue={filter.state ?? ''}>
            <option value="">{t('history.state_all')}</option>
            {PAYMENT_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`cashbox.state_${state}`)}
              </option>
            ))}
          </SelectField>
        </>
      )}
      <SelectField
        label={t('history.period')}
        name="period"
        value={period}
        onChange={(event) => setPeriod(event.target.value as Period)}
      >
        {PERIODS.map((p) => (
          <option key={p} value={p}>
            {t(`history.period_${p}`)}
          </option>
        ))}
      </SelectField>
      {period === 'custom' && (
        <>
          <TextField label={t('history.from')} type="date" name="from" defaultValue={filter.from} />
          <TextField label={t('history.to')} type="date" name="to" defaultValue={filter.to} />
        </>
      )}
      <div className={styles.filterActions}>
        <Button type="submit" size="small">
          {t('history.apply')}
        </Button>
        {hasFilters(filter) && <Link to={pathname}>{t('history.clear')}</Link>}
      </div>
    </form>
  )
}
