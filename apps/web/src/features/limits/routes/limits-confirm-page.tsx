import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { useSearchParams } from 'react-router'
import { ButtonLink } from '../../../components/button/button.tsx'
import { FormAlert } from '../../../components/form/field.tsx'
import { useServices } from '../../../lib/services.tsx'
import { fieldErrors } from '../../../lib/http/errors.ts'
import { usePlayer } from '../../account/api/get-player.ts'
import { LIMITS_QUERY_KEY, useChangeDelayHours } from '../api/limits.ts'
import styles from './limits.module.css'

type State = { kind: 'confirming' } | { kind: 'confirmed' } | { kind: 'failed'; message: string }

/**
 * `/profile/limits/confirm?token=` (spec §2): the link of the limit-change e-mail. The change is
 * confirmed once, in the browser (never while the server renders: a link preview must not
 * confirm it); it takes effect once its delay has passed too.
 */
export function LimitsConfirmPage() {
  const { t } = useTranslation()
  const { http, queryClient, logger } = useServices()
  const player = usePlayer()
  const hours = useChangeDelayHours()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  // A link without a token of the right length fails at once, on the server's render too (the
  // page does not change its height after it arrives).
  const invalid = token.length < 20
  const [state, setState] = useState<State>(() =>
    invalid ? { kind: 'failed', message: t('limits.confirm_invalid') } : { kind: 'confirming' },
  )
  const sent = useRef(false)
  useEffect(() => {
    if (sent.current || invalid) return
    sent.current = true
    http
      .post('/api/user_limits/confirm', { token })
      .then(() => {
        setState({ kind: 'confirmed' })
        void queryClient.invalidateQueries({ queryKey: LIMITS_QUERY_KEY })
      })
      .catch((error: unknown) => {
        logger.log('warn', 'CONFIRM_USER_LIMIT_CHANGE', error)
        setState({
          kind: 'failed',
          message: fieldErrors(error)?.base?.[0] ?? t('limits.confirm_invalid'),
        })
      })
  }, [http, queryClient, logger, token, t, invalid])
  return (
    <section className={styles.confirm} aria-labelledby="limits-confirm-title">
      <h1 id="limits-confirm-title">{t('limits.confirm_title')}</h1>
      {state.kind === 'confirming' && <p role="status">{t('limits.confirming')}</p>}
      {state.kind === 'confirmed' && (
        <>
          <p role="status">{t('limits.confirmed')}</p>
          <p>{t('limits.confirmed_delay', { hours })}</p>
        </>
      )}
      {state.kind === 'failed' && <FormAlert message={state.message} />}
      {player ? (
        <ButtonLink to="/users/limits">{t('limits.to_limits')}</ButtonLink>
      ) : (
        <ButtonLink to="/">{t('limits.to_main')}</ButtonLink>
      )}
    </section>
  )
}
