import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { ButtonLink } from '../../components/button/button.tsx'
import { confirmEmail, type ConfirmationResult } from '../../features/account/api/confirm-email.ts'
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
      {!result ? (
        <h1>{t('auth.confirming')}</h1>
      ) : (
        <>
          <h1>{result.confirmed ? t('auth.confirmed_title') : t('auth.confirm_failed_title')}</h1>
          <p>
            {result.confirmed ? t('auth.confirmed_text') : (result.message ?? t('auth.confirm_failed_text'))}
          </p>
          <ButtonLink to="/">{t('auth.start_playing')}</ButtonLink>
        </>
      )}
    </section>
  )
}
