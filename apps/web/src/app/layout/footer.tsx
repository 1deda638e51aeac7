import { useTranslation } from '../../lib/translation.tsx'
import { Link } from 'react-router'
import { CURRENCIES } from '@aurum/shared'
import { usePages } from '../../features/content/api/get-pages.ts'
import { useSnippet } from '../../features/content/api/get-snippets.ts'
import { useProject } from '../../features/info/api/get-project.ts'
import { HtmlContent } from '../../components/html-content/html-content.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import styles from './layout.module.css'

const GROUPS = ['info', 'help', 'legal'] as const

export function Footer() {
  const { t } = useTranslation()
  const pages = usePages().data ?? []
  const about = useSnippet('footer-about')
  const license = useSnippet('footer-license')
  const project = useProject().data
  const year = new Date().getFullYear()
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <div className={styles.footerGroups}>
          {GROUPS.map((group) => {
            const items = pages.filter((p) => p.categories.includes(group))
            if (!items.length) return null
            return (
              <nav key={group} aria-label={t(`footer.${group}`)}>
                <h2 className={styles.footerHeading}>{t(`footer.${group}`)}</h2>
                <ul className={styles.footerList}>
                  {items.map((p) => (
                    <li key={p.id}>
                      <Link to={`/${p.path}`}>{p.title}</Link>
                    </li>
                  ))}
                  {group === 'help' && (
                    <li>
                      <Link to="/support">{t('nav.support')}</Link>
                    </li>
                  )}
                </ul>
              </nav>
            )
          })}
          <div>
            <h2 className={styles.footerHeading}>{t('footer.language')}</h2>
            <LanguageSwitcher />
          </div>
        </div>
        <div className={styles.currencies} aria-label={t('footer.currencies')}>
          {CURRENCIES.map((c) => (
            <span key={c.code} className={styles.currency}>
              {c.code}
            </span>
          ))}
        </div>
        <div className={styles.footerLegal}>
          <span className={styles.ageBadge} aria-label={t('footer.age_label')}>
            18+
          </span>
          <div>
            {about && <HtmlContent html={about} className={styles.footerText} />}
            {license && <HtmlContent html={license} className={styles.footerText} />}
            <p className={styles.footerText}>
              {t('footer.copyright', { year, operator: project?.brand.operator ?? 'Aurum Interactive B.V.' })}
            </p>
          </div>
        </div>
      </div>
    </footer>
  )
}
