import { useEffect, useLayoutEffect, useState } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { useNavigate } from 'react-router'
import { Button, ButtonLink } from '../../../components/button/button.tsx'
import { FormAlert } from '../../../components/form/field.tsx'
import { usePlayer } from '../../account/api/get-player.ts'
import { RealityCheck } from '../../reality-check/components/reality-check.tsx'
import { HttpError } from '../../../lib/http/errors.ts'
import { useServices } from '../../../lib/services.tsx'
import { LIMITS_QUERY_KEY } from '../../limits/api/limits.ts'
import { useLaunch } from '../api/launch.ts'
import { gameLimitReaction } from '../game-limit-notice.ts'
import { useGameSession } from './game-session.tsx'
import styles from './games.module.css'

/** Spec §9: games of these providers draw their own fullscreen control (no fullscreen attribute). */
export const NO_FULLSCREEN_PROVIDERS: readonly string[] = ['aurum-live']
/** Spec §9: the minimised frame is 250 px wide (16:9). */
export const MINIMISED_WIDTH = 250
/** Phones: leaving the game page closes the game (spec §2). */
const MOBILE_QUERY = '(max-width: 767px)'

/** Where the full-size frame goes: over the game page's slot, in page coordinates. */
function useSlotRect(slot: HTMLElement | null) {
  const [rect, setRect] = useState<{ top: number; left: number; width: number; height: number } | null>(null)
  useLayoutEffect(() => {
    if (!slot) return setRect(null)
    const measure = () => {
      const r = slot.getBoundingClientRect()
      setRect({
        top: r.top + window.scrollY,
        left: r.left + window.scrollX,
        width: r.width,
        height: r.height,
      })
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(slot)
    observer.observe(document.body)
    window.addEventListener('resize', measure)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', measure)
    }
  }, [slot])
  return rect
}

/**
 * Why the casino refused to open the game, in the page's language (a reached limit, a restricted
 * country…): its own message for a refusal (4xx), none for a failure.
 */
function refusal(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || !error.response || error.response.status >= 500) return undefined
  const data = error.response.data as { error?: unknown } | undefined
  return typeof data?.error === 'string' ? data.error : undefined
}

/**
 * The game frame (spec §2): the game server's page in an iframe, kept mounted across navigation.
 * On the game page it covers the page's slot; elsewhere it is minimised (250 px, 16:9) with resume
 * and close. Real money for a player (the game id of the wallet's currency, or of the page's
 * `currency`), the demo for a guest; a guest without a demo sees the sign-in preview. A loader
 * shows until the frame has loaded. A limit that stops play (`game_limits`) closes a real-money
 * game, warns until dismissed and goes to the limits page; the reality check runs while one is open.
 */
export function GameFrameHost() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const player = usePlayer()
  const session = useGameSession()
  const launch = useLaunch()
  const open = session.open
  const game = open?.game
  const mode = open?.mode ?? null
  const [loaded, setLoaded] = useState(false)
  const rect = useSlotRect(open?.slot ?? null)
  const { mutate, reset } = launch

  useEffect(() => {
    if (!game || !mode) return reset()
    setLoaded(false)
    mutate({ identifier: game.identifier, mode, currency: open?.currency, locale: i18n.language })
  }, [game, mode, open?.currency, i18n.language, mutate, reset])

  // Spec §2: leaving the game page closes the game on phones, and a real-money game whose player
  // is no longer logged in.
  const minimised = !!open && !open.slot
  const { close } = session
  useEffect(() => {
    if (!minimised) return
    if (window.matchMedia(MOBILE_QUERY).matches || (mode === 'real' && !player)) close()
  }, [minimised, mode, player, close])

  // A limit stopped play (docs/responsible-gambling.md): the game closes, the warning stays until
  // closed, and the player is sent to the limits page, which reads the limits afresh.
  const { realtime, toasts, queryClient } = useServices()
  const frameCurrency = launch.data?.currency
  useEffect(
    () =>
      realtime.events.on('websocket.game_limits', (notice) => {
        const reaction = gameLimitReaction(notice, { mode, currency: frameCurrency }, t, i18n.language)
        if (!reaction) return
        toasts.show(reaction.toast)
        close()
        void queryClient.invalidateQueries({ queryKey: LIMITS_QUERY_KEY })
        void navigate(reaction.goTo)
      }),
    [realtime, toasts, queryClient, mode, frameCurrency, close, navigate, t, i18n.language],
  )

  if (!open || !game) return null
  const url = launch.data?.url
  const style = minimised
    ? { width: MINIMISED_WIDTH }
    : rect
      ? { top: rect.top, left: rect.left, width: rect.width, height: rect.height }
      : { display: 'none' }
  return (
    <>
      <section
        className={minimised ? styles.miniFrame : styles.fullFrame}
        style={style}
        aria-label={minimised ? t('games.minimised', { title: game.title }) : game.title}
      >
        <div className={styles.frame}>
          {url && (
            <iframe
              key={url}
              src={url}
              title={game.title}
              allow={NO_FULLSCREEN_PROVIDERS.includes(game.provider) ? 'autoplay' : 'autoplay; fullscreen'}
              onLoad={() => setLoaded(true)}
            />
          )}
          {mode === null ? (
            <div className={styles.preview16}>
              <p>{t('games.sign_in_to_play')}</p>
              <div className={styles.modes}>
                <ButtonLink to="/login">{t('auth.sign_in')}</ButtonLink>
                <ButtonLink to="/registration" variant="secondary">
                  {t('games.create_account')}
                </ButtonLink>
              </div>
            </div>
          ) : launch.isError ? (
            <div className={styles.preview16}>
              <FormAlert message={refusal(launch.error) ?? t('games.launch_failed')} />
            </div>
          ) : (
            !loaded && (
              <p className={styles.loader} role="status">
                {t('games.loading')}
              </p>
            )
          )}
        </div>
        {minimised && (
          <div className={styles.miniActions}>
            <Button size="small" onClick={() => void navigate(`/play/${game.provider}/${game.seo_title}`)}>
              {t('games.resume')}
            </Button>
            <Button size="small" variant="secondary" onClick={close}>
              {t('games.close')}
            </Button>
          </div>
        )}
      </section>
      {/* Outside the frame's box: the dialog covers the page, whatever the frame's size. */}
      {mode === 'real' && player && url && (
        <RealityCheck
          onLeave={() => {
            close()
            void navigate('/')
          }}
        />
      )}
    </>
  )
}
