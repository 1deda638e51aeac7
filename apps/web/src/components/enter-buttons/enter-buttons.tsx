import { useEffect, useState } from 'react'
import { useTranslation } from '../../lib/translation.tsx'
import { useNavigate } from 'react-router'
import { cmsCurrency, formatCmsAmount, TIMING } from '@aurum/shared'
import { useIsMountedLink } from '../../lib/mounted-routes.ts'
import { useServices } from '../../lib/services.tsx'
import { Button, ButtonLink } from '../button/button.tsx'
import styles from './enter-buttons.module.css'

const DISMISSED_KEY = 'promo_banner_dismissed_at'

/** The promo banner is hidden for 2 minutes after it was dismissed (spec §2, §9). */
export function promoBannerVisible(dismissedAt: number | null, now: number): boolean {
  return dismissedAt === null || now - dismissedAt >= TIMING.promoBannerReturnMs
}

/** The welcome offer the promo banner announces: it shows only once its page exists. */
const WELCOME_OFFER_PATH = '/welcome-bonuses'

/**
 * Enter buttons for anonymous visitors: Login and Registration, and a dismissible promo
 * banner that opens registration. Login first offers the browser's stored credentials.
 */
export function EnterButtons({ showPromo = true }: { showPromo?: boolean }) {
  const { t } = useTranslation()
  const { env } = useServices()
  const navigate = useNavigate()
  // Shown from the first paint (as a new visitor sees it); hidden after hydration only for a
  // visitor who dismissed it within the last 2 minutes.
  const [promo, setPromo] = useState(true)
  const offerExists = useIsMountedLink()(WELCOME_OFFER_PATH)
  // A guest: the offer in their country's currency, nominally (see CMS_NOMINAL). Formatted only
  // when shown: a page's first Intl.NumberFormat costs ~25 ms of main thread (100 ms on a phone).
  const offer = () => formatCmsAmount(500, cmsCurrency(null, env.country), env.locale)

  useEffect(() => {
    const check = () => {
      const stored = localStorage.getItem(DISMISSED_KEY)
      setPromo(promoBannerVisible(stored ? Number(stored) : null, Date.now()))
    }
    check()
    const timer = setInterval(check, 5_000)
    return () => clearInterval(timer)
  }, [])

  const handleLogin = async () => {
    const credentials: CredentialsContainer | undefined =
      'credentials' in navigator ? navigator.credentials : undefined
    try {
      // Stored browser credentials, where the browser offers them; the login route otherwise.
      const request = { password: true, mediation: 'optional' } as CredentialRequestOptions
      const stored = await credentials?.get(request)
      // A PasswordCredential (not in TypeScript's DOM types) carries the saved password.
      if (stored && 'password' in stored && stored.password) {
        void navigate('/login', { state: { email: stored.id } })
        return
      }
    } catch {
      // Not supported or refused: fall through to the login route.
    }
    void navigate('/login')
  }

  return (
    <div className={styles.enter}>
      {showPromo && promo && offerExists && (
        <div className={styles.promo}>
          <button type="button" className={styles.promoLink} onClick={() => void navigate('/registration')}>
            <strong>{t('enter.promo_title', { amount: offer() })}</strong>{' '}
            <span>{t('enter.promo_text')}</span>
          </button>
          <button
            type="button"
            className={styles.dismiss}
            aria-label={t('enter.promo_dismiss')}
            onClick={() => {
              localStorage.setItem(DISMISSED_KEY, String(Date.now()))
              setPromo(false)
            }}
          >
            ✕
          </button>
        </div>
      )}
      <Button variant="secondary" size="small" onClick={() => void handleLogin()}>
        {t('enter.login')}
      </Button>
      <ButtonLink size="small" to="/registration">
        {t('enter.registration')}
      </ButtonLink>
    </div>
  )
}
