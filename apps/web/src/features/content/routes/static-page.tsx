import { useTranslation } from '../../../lib/translation.tsx'
import { usePage } from '../api/get-page.ts'
import { HtmlContent } from '../../../components/html-content/html-content.tsx'
import { useCmsText } from '../cms-text.ts'
import styles from './static-page.module.css'

/** A static page from the CMS; the loader has fetched it, so it renders on the server. */
export function StaticPage({ path }: { path: string }) {
  const { t } = useTranslation()
  const page = usePage(path).data
  const cmsText = useCmsText()
  if (!page) return <p>{t('common.loading')}</p>
  return (
    <article className={styles.article}>
      <h1 className={styles.title}>{cmsText(page.title)}</h1>
      {page.blocks.description && <p className={styles.lead}>{cmsText(page.blocks.description)}</p>}
      <HtmlContent html={cmsText(page.content)} className={styles.content} />
    </article>
  )
}
