import { useTranslation } from '../../lib/translation.tsx'
import { Link } from 'react-router'
import { useFiles } from '../../features/content/api/get-files.ts'
import { useSnippet } from '../../features/content/api/get-snippets.ts'
import { useProject } from '../../features/info/api/get-project.ts'
import { ContactForm } from '../../features/support/components/contact-form.tsx'
import { HtmlContent } from '../../components/html-content/html-content.tsx'
import styles from './support-page.module.css'

export function SupportPage() {
  const { t } = useTranslation()
  const intro = useSnippet('support-intro')
  const art = useFiles().data?.find((f) => f.id === 'support-agent')
  const email = useProject().data?.brand.support_email ?? 'support@aurum.casino'
  return (
    <div className={styles.page}>
      <section>
        <h1>{t('support.title')}</h1>
        {intro && <HtmlContent html={intro} className={styles.text} />}
        {art && <img src={art.url} alt="" width={320} height={240} className={styles.art} />}
        <ul className={styles.channels}>
          <li>
            <strong>{t('support.email_label')}</strong> <a href={`mailto:${email}`}>{email}</a>
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
