import { useEffect, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { COOKIES, TIMING } from '@aurum/shared'
import { useServices } from '../../lib/services.tsx'
import { readCookie, writeCookie } from '../../lib/cookies.ts'
import { Button } from '../button/button.tsx'
import styles from './notices.module.css'

const EMP_STORAGE_KEY = COOKIES.empApproval

/** Has the EMP approval been given within its lifetime (spec §9: 31,536,000,000 ms)? */
export function empApproved(stored: string | null, now: number): boolean {
  const at = Number(stored)
  return Number.isFinite(at) && at > 0 && now - at < COOKIES.empApprovalMaxAgeMs
}

/**
 * Cookie and EMP notices, shown 1.5 s after start (spec §2). Visitors from Australia
 * get the AU cookie text and a consent card instead of the plain notice.
 */
export function Notices() {
  const { t } = useTranslation()
  const { env } = useServices()
  const [ready, setReady] = useState(false)
  const [cookiesOpen, setCookiesOpen] = useState(false)
  const [empOpen, setEmpOpen] = useState(false)
  const au = env.country === 'AU'

  useEffect(() => {
    const timer = setTimeout(() => {
      setCookiesOpen(!readCookie(COOKIES.cookiesAccepted))
      setEmpOpen(!empApproved(localStorage.getItem(EMP_STORAGE_KEY), Date.now()))
      setReady(true)
    }, TIMING.noticesDelayMs)
    return () => clearTimeout(timer)
  }, [])

  if (!ready || (!cookiesOpen && !empOpen)) return null
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
              localStorage.setItem(EMP_STORAGE_KEY, String(Date.now()))
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
