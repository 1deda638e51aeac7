import type { ReactNode } from 'react'
import { Form, Link, useLocation } from 'react-router'
import { useI18n } from '../lib/i18n.tsx'
import styles from './filters.module.css'

/**
 * A list's filters as a GET form: applying them writes them into the address, so the filtered list
 * is a link an operator can share. Paging starts over with new filters (no cursor field).
 */
export function Filters({ children, csv }: { children: ReactNode; csv?: string }) {
  const { t } = useI18n()
  const location = useLocation()
  return (
    <Form method="get" className={styles.filters} role="search" aria-label={t('filters.label')}>
      {children}
      <div className={styles.actions}>
        <button type="submit" className="button button-primary">
          {t('filters.apply')}
        </button>
        <Link to={location.pathname} className="button">
          {t('filters.clear')}
        </Link>
        {csv && (
          <a className="button" href={csv} download>
            {t('filters.csv')}
          </a>
        )}
      </div>
    </Form>
  )
}

/** A text or date filter, prefilled from the address. */
export function FilterField({
  name,
  label,
  type = 'text',
  value,
  placeholder,
}: {
  name: string
  label: string
  type?: 'text' | 'date' | 'number'
  value: string | null
  placeholder?: string
}) {
  return (
    <label className={styles.field}>
      {label}
      <input name={name} type={type} defaultValue={value ?? ''} placeholder={placeholder} />
    </label>
  )
}

/** A choice filter; the empty option means any. */
export function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string
  label: string
  value: string | null
  options: Array<{ value: string; label: string }>
}) {
  const { t } = useI18n()
  return (
    <label className={styles.field}>
      {label}
      <select name={name} defaultValue={value ?? ''}>
        <option value="">{t('filters.any')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  )
}
