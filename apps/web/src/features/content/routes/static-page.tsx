import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useServices } from '../../../app/services.tsx'
import { pageQuery } from '../api/queries.ts'
import { HtmlContent } from '../components/html-content.tsx'
import styles from './static-page.module.css'

/** A static page from the CMS; the loader has fetched it, so it renders on the server. */
export function StaticPage({ path }: { path: string }) {
  const { t } = useTranslation()
  const { http, env } = useServices()
  const page = useQuery(pageQuery(http, env.locale, path)).data
  if (!page) return <p>{t('common.loading')}</p>
  return (
    <article className={styles.article}>
      <h1 className={styles.title}>{page.title}</h1>
      {page.blocks.description && <p className={styles.lead}>{page.blocks.description}</p>}
      <HtmlContent html={page.content} className={styles.content} />
    </article>
  )
}
