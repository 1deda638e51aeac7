import { useTranslation } from '../../../lib/translation.tsx'
import { formStyles } from '../../../components/form/field.tsx'
import type { CaptchaState } from '../captcha-controller.ts'

const MESSAGES: Partial<Record<CaptchaState, string>> = {
  waiting: 'captcha.checking',
  verifying: 'captcha.checking',
  ready: 'captcha.done',
  failed: 'captcha.failed',
}

/** What the captcha is doing, announced politely to screen readers. */
export function CaptchaStatus({ state }: { state: CaptchaState }) {
  const { t } = useTranslation()
  if (state === 'off') return null
  const key = MESSAGES[state]
  return (
    <p className={formStyles.hint} role="status" aria-live="polite">
      {key ? t(key) : null}
    </p>
  )
}
