import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from '../../lib/translation.tsx'
import { useSearchParams } from 'react-router'
import { ButtonLink } from '../../components/button/button.tsx'
import { confirmEmail, type ConfirmationResult } from '../../features/account/api/confirm-email.ts'
import { usePlayer } from '../../features/account/api/get-player.ts'
import { useServices } from '../../lib/services.tsx'
import styles from './auth-pages.module.css'

/**
 * /confirmation: the e-mail confirmation link lands here (spec §2). Confirming changes
 * state, so it happens in the browser, never while the server renders (link previews).
 */
export function ConfirmationPage() {
  const { t } = useTranslation()
  const { http } = useServices()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const token = params.get('confirmation_token')
  // Without a token the answer is known on the server's render too (no change after it arrives).
  const [result, setResult] = useState<ConfirmationResult | null>(() =>
    token ? null : { confirmed: false, message: null },
  )
  const started = useRef(false)
  useEffect(() => {
    if (started.current || !token) return
    started.current = true
    void confirmEmail(http, queryClient, token).then(setResult)
  }, [http, queryClient, token])
  return (
    <section className={styles.card} role="status" aria-busy={!result}>
      {!result ? <h1>{t('auth.confirming')}</h1> : <ConfirmationOutcome result={result} />}
    </section>
  )
}

/** What the link did, and the next step that fits: play, log in, or ask for a new link. */
function ConfirmationOutcome({ result }: { result: ConfirmationResult }) {
  const { t } = useTranslation()
  const player = usePlayer()
  if (result.confirmed) {
    return (
      <>
        <h1>{t('auth.confirmed_title')}</h1>
        <p>{t('auth.confirmed_text')}</p>
        <ButtonLink to="/">{t('auth.start_playing')}</ButtonLink>
      </>
    )
  }
  if (result.alreadyConfirmed) {
    return (
      <>
        <h1>{t('auth.already_confirmed_title')}</h1>
        <p>{player ? t('auth.already_confirmed_text') : t('auth.already_confirmed_guest')}</p>
        {player ? (
          <ButtonLink to="/">{t('auth.start_playing')}</ButtonLink>
        ) : (
          <ButtonLink to="/login">{t('auth.sign_in')}</ButtonLink>
        )}
      </>
    )
  }
  return (
    <>
      <h1>{t('auth.confirm_failed_title')}</h1>
      <p>{result.message ?? t('auth.confirm_failed_text')}</p>
      <ButtonLink to="/email-verify">{t('auth.confirm_new_link')}</ButtonLink>
    </>
  )
}
