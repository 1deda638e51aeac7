import { useTranslation } from '../../lib/translation.tsx'
import { useNavigate, useSearchParams } from 'react-router'
import { SignInForm } from '../../features/account/components/sign-in-form.tsx'
import { SignUpWizard } from '../../features/account/components/sign-up-wizard.tsx'
import styles from './auth-pages.module.css'

/** Only same-site paths are followed after signing in (no open redirect). */
export function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : '/'
}

export function LoginPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  return (
    <section className={styles.card}>
      <h1>{t('auth.sign_in_title')}</h1>
      <SignInForm onSignedIn={() => void navigate(safeRedirect(params.get('redirect')), { replace: true })} />
    </section>
  )
}

export function RegistrationPage() {
  const { t } = useTranslation()
  return (
    <section className={styles.card}>
      <h1>{t('auth.sign_up_title')}</h1>
      <SignUpWizard />
    </section>
  )
}
