import { useSearchParams } from 'react-router'
import { fieldError } from '../../components/field-errors.tsx'
import { useI18n } from '../../lib/i18n.tsx'
import filterStyles from '../../components/filters.module.css'
import styles from './dashboard.module.css'

/** The dashboard's and reports' default period, as the api takes it: the last 30 UTC days, today included. */
export function defaultPeriod(now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10)
  const start = new Date(`${to}T00:00:00Z`)
  start.setUTCDate(start.getUTCDate() - 29)
  return { from: start.toISOString().slice(0, 10), to }
}

/** Every UTC day from `from` to `to`, both included. */
export function periodDays(from: string, to: string): string[] {
  const out: string[] = []
  const at = new Date(`${from}T00:00:00Z`)
  const end = new Date(`${to}T00:00:00Z`)
  while (at <= end && out.length <= 400) {
    out.push(at.toISOString().slice(0, 10))
    at.setUTCDate(at.getUTCDate() + 1)
  }
  return out
}

/**
 * The period's two date fields of a filter form, prefilled from the address or with the default
 * period, each with the api's error beside it.
 */
export function PeriodFields({ error }: { error: unknown }) {
  const { t } = useI18n()
  const [params] = useSearchParams()
  const defaults = defaultPeriod()
  const fields = [
    { name: 'from', label: t('filters.from'), value: params.get('from') || defaults.from },
    { name: 'to', label: t('filters.to'), value: params.get('to') || defaults.to },
  ]
  return (
    <>
      {fields.map((f) => {
        const message = fieldError(error, f.name)
        return (
          <div key={f.name} className={styles.field}>
            <label className={filterStyles.field}>
              {f.label} {t('reports.utc')}
              <input
                name={f.name}
                type="date"
                defaultValue={f.value}
                aria-invalid={!!message || undefined}
                aria-describedby={message ? `${f.name}-error` : undefined}
              />
            </label>
            {message && (
              <span id={`${f.name}-error`} className="field-error">
                {message}
              </span>
            )}
          </div>
        )
      })}
    </>
  )
}
