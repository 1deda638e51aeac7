import { useState, type SyntheticEvent } from 'react'
import { Link } from 'react-router'
import { useMutation } from '@tanstack/react-query'
import { STAFF_PASSWORD_MIN } from '@aurum/shared/contracts/admin'
import { api } from '../../lib/http.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { ErrorNotice, FieldError, fieldError } from '../../components/field-errors.tsx'

interface TotpSetup {
  otp_secret: string
  data: string
  qr: string
}

/**
 * A set-up link (`/backoffice/setup#<token>`: the token rides in the fragment, which browsers never
 * send, so it stays out of access logs and referrers). Step one: name and password; step two: enrol
 * the authenticator and prove it with a code. Then the member signs in.
 */
export function SetupPage() {
  const { t } = useI18n()
  const [token] = useState(() => location.hash.replace(/^#/, ''))
  const [email, setEmail] = useState('')
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const setup = useMutation({
    mutationFn: () =>
      api<TotpSetup>('POST', '/api/admin/setup', { token, name, password, ...(email ? { email } : {}) }),
  })
  const confirm = useMutation({
    mutationFn: () => api<unknown>('POST', '/api/admin/setup/confirm', { token, code }),
  })
  const stepOne = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    setup.mutate()
  }
  const stepTwo = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    confirm.mutate()
  }
  const emailError = fieldError(setup.error, 'email')
  // The first owner's link of a fresh install names nobody yet: the api asks for the e-mail.
  const needsEmail = !!emailError || email !== ''
  const nameError = fieldError(setup.error, 'name')
  const passwordError = fieldError(setup.error, 'password')
  const codeError = fieldError(confirm.error, 'code')
  return (
    <main className="centered">
      <div className="card">
        <h1>{t('setup.title')}</h1>
        {!token && <p className="notice notice-error">{t('setup.no_token')}</p>}
        {confirm.isSuccess ? (
          <>
            <p className="notice notice-success" role="status">
              {t('setup.done')}
            </p>
            <Link to="/sign-in" className="button button-primary">
              {t('setup.to_sign_in')}
            </Link>
          </>
        ) : setup.data ? (
          <form className="form" onSubmit={stepTwo} noValidate>
            <p>{t('setup.scan')}</p>
            <img src={setup.data.qr} alt={t('setup.qr_alt')} width={200} height={200} />
            <p className="muted">
              {t('setup.secret')} <span className="mono">{setup.data.otp_secret}</span>
            </p>
            <ErrorNotice error={confirm.error} />
            <label>
              {t('fields.code')}
              <input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                aria-invalid={!!codeError || undefined}
                aria-describedby={codeError ? 'code-error' : undefined}
              />
            </label>
            <FieldError id="code-error" message={codeError} />
            <button type="submit" className="button button-primary" disabled={confirm.isPending}>
              {t('setup.confirm')}
            </button>
          </form>
        ) : (
          <form className="form" onSubmit={stepOne} noValidate>
            <p className="muted">{t('setup.intro', { min: STAFF_PASSWORD_MIN })}</p>
            {needsEmail ? (
              <p className="notice" role="status">
                {t('setup.first_owner')}
              </p>
            ) : (
              <ErrorNotice error={setup.error} />
            )}
            {needsEmail && (
              <label>
                {t('fields.email')}
                <input
                  type="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </label>
            )}
            <label>
              {t('fields.name')}
              <input
                autoComplete="name"
                required
                value={name}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={!!nameError || undefined}
                aria-describedby={nameError ? 'name-error' : undefined}
              />
            </label>
            <FieldError id="name-error" message={nameError} />
            <label>
              {t('fields.new_password')}
              <input
                type="password"
                autoComplete="new-password"
                required
                minLength={STAFF_PASSWORD_MIN}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={!!passwordError || undefined}
                aria-describedby={passwordError ? 'password-error' : undefined}
              />
            </label>
            <FieldError id="password-error" message={passwordError} />
            <button type="submit" className="button button-primary" disabled={setup.isPending || !token}>
              {t('setup.continue')}
            </button>
          </form>
        )}
      </div>
    </main>
  )
}
