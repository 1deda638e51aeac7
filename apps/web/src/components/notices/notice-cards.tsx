import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { COOKIES } from '@aurum/shared'
import { useServices } from '../../lib/services.tsx'
import { writeCookie } from '../../lib/cookies.ts'
import { Button } from '../button/button.tsx'
import styles from './notices.module.css'

/**
 * The cookie and EMP notice cards (spec §2), those still to answer. Visitors from Australia get
 * the AU cookie text and a consent card instead of the plain notice.
 */
export function NoticeCards({ cookies, emp }: { cookies: boolean; emp: boolean }) {
  const { t } = useTranslation()
  const { env } = useServices()
  const [cookiesOpen, setCookiesOpen] = useState(cookies)
  const [empOpen, setEmpOpen] = useState(emp)
  const au = env.country === 'AU'

  if (!cookiesOpen && !empOpen) return null
  const acceptCookies = (value: 'all' | 'essential') => {
    writeCookie(COOKIES.cookiesAccepted, value, COOKIES.cookiesAcceptedMaxAgeSeconds)
    setCookiesOpen(false)
  }
  return (
    <div className={styles.stack}>
      {empOpen && (
        <section className={styles.card} aria-label={t('notices.emp_title')}>
          <p className={styles.title}>{t('notices.emp_title')}</p>
          <p className={styles.text}>{t('notices.emp_text')}</p>
          <Button
            size="small"
            variant="secondary"
            onClick={() => {
              localStorage.setItem(COOKIES.empApproval, String(Date.now()))
              setEmpOpen(false)
            }}
          >
            {t('notices.emp_ok')}
          </Button>
        </section>
      )}
      {cookiesOpen && (
        <section
          className={`${styles.card} ${au ? styles.consent : ''}`}
          aria-label={t('notices.cookies_title')}
          data-notice="cookies"
        >
          <p className={styles.title}>{au ? t('notices.au_consent_title') : t('notices.cookies_title')}</p>
          <p className={styles.text}>
            <Trans
              i18nKey={au ? 'notices.cookies_text_au' : 'notices.cookies_text'}
              components={{ policy: <Link to="/cookie-policy" /> }}
            />
          </p>
          <div className={styles.actions}>
            {au && (
              <Button size="small" variant="secondary" onClick={() => acceptCookies('essential')}>
                {t('notices.cookies_essential')}
              </Button>
            )}
            <Button size="small" onClick={() => acceptCookies('all')}>
              {au ? t('notices.au_consent_accept') : t('notices.cookies_accept')}
            </Button>
          </div>
        </section>
      )}
    </div>
  )
}
