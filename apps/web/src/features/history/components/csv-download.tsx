import { useId } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { buttonClass } from '../../../components/button/button.tsx'
import { csvHref } from '../filters.ts'
import styles from '../history.module.css'

/** Most rows an export holds (the api's EXPORT_MAX_ROWS). */
export const EXPORT_MAX_ROWS = 10_000

/** The CSV of the list as filtered: a plain link, the browser downloads the file. */
export function CsvDownload({ path, query }: { path: string; query: Record<string, string> }) {
  const { t, i18n } = useTranslation()
  const noteId = useId()
  const max = new Intl.NumberFormat(i18n.language).format(EXPORT_MAX_ROWS)
  return (
    <div className={styles.download}>
      <a
        className={buttonClass({ variant: 'secondary', size: 'small' })}
        href={csvHref(path, query, i18n.language)}
        download
        aria-describedby={noteId}
      >
        {t('history.download_csv')}
      </a>
      <p id={noteId} className={styles.hint}>
        {t('history.csv_note', { max })}
      </p>
    </div>
  )
}
