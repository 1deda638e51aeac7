import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useServices } from '../../../app/services.tsx'
import { filesQuery, snippetsQuery } from '../../content/api/queries.ts'
import { projectQuery } from '../../info/api/queries.ts'
import { HtmlContent } from '../../content/components/html-content.tsx'
import { ContactForm } from '../components/contact-form.tsx'
import styles from './support-page.module.css'

export function SupportPage() {
  const { t } = useTranslation()
  const { http, env } = useServices()
  const intro = useQuery(snippetsQuery(http, env.locale)).data?.find((s) => s.id === 'support-intro')
  const art = useQuery(filesQuery(http, env.locale)).data?.find((f) => f.id === 'support-agent')
  const project = useQuery(projectQuery(http)).data
  return (
    <div className={styles.page}>
      <section className={styles.intro}>
        <h1>{t('support.title')}</h1>
        {intro && <HtmlContent html={intro.content} className={styles.text} />}
        {art && <img src={art.url} alt="" width={320} height={240} className={styles.art} />}
        <ul className={styles.channels}>
          <li>
            <strong>{t('support.email_label')}</strong>{' '}
            <a href={`mailto:${project?.brand.support_email ?? 'support@aurum.casino'}`}>
              {project?.brand.support_email ?? 'support@aurum.casino'}
            </a>
          </li>
          <li>
            <strong>{t('support.faq_label')}</strong> <Link to="/faq">{t('support.faq_link')}</Link>
          </li>
          <li>
            <strong>{t('support.rg_label')}</strong>{' '}
            <Link to="/responsible-gaming">{t('support.rg_link')}</Link>
          </li>
        </ul>
      </section>
      <section className={styles.formCard} aria-labelledby="contact-heading">
        <h2 id="contact-heading">{t('support.form_title')}</h2>
        <ContactForm />
      </section>
    </div>
  )
}
