import { useState, type SyntheticEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { StaffMe } from '@aurum/shared/contracts/admin'
import { api } from '../../lib/http.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { ErrorNotice, FieldError, fieldError } from '../../components/field-errors.tsx'

/** Where to go after signing in: a path of the console only, never another site. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/'
}

/** Staff sign-in: e-mail, password and the authenticator's code, always all three. */
export function SignInPage() {
  const { t } = useI18n()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const queryClient = useQueryClient()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const signIn = useMutation({
    mutationFn: () => api<StaffMe>('POST', '/api/admin/session', { email, password, code }),
    onSuccess: (me) => {
      queryClient.setQueryData(['me'], me)
      void navigate(safeNext(params.get('next')), { replace: true })
    },
    onError: () => setCode(''),
  })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    signIn.mutate()
  }
  const codeError = fieldError(signIn.error, 'code')
  return (
    <main className="centered">
      <div className="card">
        <h1>{t('sign_in.title')}</h1>
        <p className="muted">{t('sign_in.intro')}</p>
        <ErrorNotice error={signIn.error} />
        <form className="form" onSubmit={submit} noValidate>
          <label>
            {t('fields.email')}
            <input
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={!!fieldError(signIn.error, 'email') || undefined}
            />
          </label>
          <label>
            {t('fields.password')}
            <input
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          <label>
            {t('fields.code')}
            <input
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              aria-invalid={!!codeError || undefined}
              aria-describedby={codeError ? 'code-error' : undefined}
            />
          </label>
          <FieldError id="code-error" message={codeError} />
          <button type="submit" className="button button-primary" disabled={signIn.isPending}>
            {t('sign_in.submit')}
          </button>
        </form>
      </div>
    </main>
  )
}
