import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { Trans, useTranslation } from '../../lib/translation.tsx'
import { Link } from 'react-router'
import { COOKIES } from '@aurum/shared'
import { useServices } from '../../lib/services.tsx'
import { writeCookie } from '../../lib/cookies.ts'
import { Button } from '../button/button.tsx'
import styles from './notices.module.css'

/** The bar's height, for layouts that must stay clear of it (the game frame, the minimised game). */
const HEIGHT_PROPERTY = '--notices-height'

/**
 * The cookie and EMP notices (spec §2), those still to answer, as one compact bar at the bottom
 * of the window: a line and the buttons per notice, the full text behind "Details". The page
 * makes room for the bar (`--notices-height`), so it never covers a game's balance or Spin button.
 * Visitors from Australia get the AU cookie text and a consent choice instead of the plain notice.
 */
export function NoticeCards({ cookies, emp }: { cookies: boolean; emp: boolean }) {
  const { t } = useTranslation()
  const { env } = useServices()
  const [cookiesOpen, setCookiesOpen] = useState(cookies)
  const [empOpen, setEmpOpen] = useState(emp)
  const bar = useRef<HTMLDivElement>(null)
  const au = env.country === 'AU'
  const open = cookiesOpen || empOpen

  useLayoutEffect(() => {
    const element = bar.current
    if (!open || !element) return
    const root = document.documentElement
    // Setting a property on the root restyles the whole page: skipped while the room kept for the
    // bar (global.css, applied to the body's padding) is already its height.
    const publish = () => {
      const height = `${element.offsetHeight}px`
      if (root.style.getPropertyValue(HEIGHT_PROPERTY) === height) return
      if (
        !root.style.getPropertyValue(HEIGHT_PROPERTY) &&
        getComputedStyle(document.body).paddingBottom === height
      )
        return
      root.style.setProperty(HEIGHT_PROPERTY, height)
    }
    publish()
    const observer = new ResizeObserver(publish)
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty(HEIGHT_PROPERTY)
      // The room the server kept for the bar (global.css) goes with it.
      delete root.dataset.notices
    }
  }, [open])

  if (!open) return null
  const acceptCookies = (value: 'all' | 'essential') => {
    writeCookie(COOKIES.cookiesAccepted, value, COOKIES.cookiesAcceptedMaxAgeSeconds)
    setCookiesOpen(false)
  }
  return (
    <div ref={bar} className={styles.bar}>
      {empOpen && (
        <Notice
          title={t('notices.emp_title')}
          details={t('notices.emp_text')}
          actions={
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
          }
        />
      )}
      {cookiesOpen && (
        <Notice
          name="cookies"
          title={au ? t('notices.au_consent_title') : t('notices.cookies_title')}
          details={
            <Trans
              i18nKey={au ? 'notices.cookies_text_au' : 'notices.cookies_text'}
              components={{ policy: <Link to="/cookie-policy" /> }}
            />
          }
          actions={
            <>
              {au && (
                <Button size="small" variant="secondary" onClick={() => acceptCookies('essential')}>
                  {t('notices.cookies_essential')}
                </Button>
              )}
              <Button size="small" onClick={() => acceptCookies('all')}>
                {au ? t('notices.au_consent_accept') : t('notices.cookies_accept')}
              </Button>
            </>
          }
        />
      )}
    </div>
  )
}

/** One notice: its title on a line, "Details" to unfold the text, and its answers. */
function Notice({
  name,
  title,
  details,
  actions,
}: {
  name?: string
  title: string
  details: ReactNode
  actions: ReactNode
}) {
  const { t } = useTranslation()
  const [expanded, setExpanded] = useState(false)
  const detailsId = useId()
  return (
    <section className={styles.notice} aria-label={title} data-notice={name}>
      <div className={styles.line}>
        <p className={styles.title}>{title}</p>
        <button
          type="button"
          className={styles.details}
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={() => setExpanded((e) => !e)}
        >
          {t('notices.details')}
        </button>
        <div className={styles.actions}>{actions}</div>
      </div>
      <p id={detailsId} className={styles.text} hidden={!expanded}>
        {details}
      </p>
    </section>
  )
}
