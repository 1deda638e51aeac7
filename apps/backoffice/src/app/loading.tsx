import { useI18n } from '../lib/i18n.tsx'

/** What shows while the first screen's data loads. */
export function Loading() {
  const { t } = useI18n()
  return (
    <p className="muted" role="status">
      {t('table.loading')}
    </p>
  )
}
