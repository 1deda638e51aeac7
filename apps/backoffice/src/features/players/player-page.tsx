import { useState, type SyntheticEvent, type ReactNode } from 'react'
import { Link, NavLink, Outlet, useLocation, useParams } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PlayerProfile } from '@aurum/shared/contracts/admin-players'
import { ErrorNotice, FieldError, fieldError } from '../../components/field-errors.tsx'
import { useCan } from '../auth/me.ts'
import { api } from '../../lib/http.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { playerKey, playerName, profileQuery } from './api.ts'
import { AdjustBalance } from './adjust-balance.tsx'
import styles from './players.module.css'

/** The player 360's tabs, each a nested route loading its own endpoint. */
const TABS = [
  { path: '', label: 'players.tabs.overview' },
  { path: 'wallets', label: 'players.tabs.wallets' },
  { path: 'ledger', label: 'players.tabs.ledger' },
  { path: 'adjustments', label: 'players.tabs.adjustments' },
  { path: 'rounds', label: 'players.tabs.rounds' },
  { path: 'payments', label: 'players.tabs.payments' },
  { path: 'limits', label: 'players.tabs.limits' },
  { path: 'documents', label: 'players.tabs.documents' },
  { path: 'sessions', label: 'players.tabs.sessions' },
  { path: 'notes', label: 'players.tabs.notes' },
  { path: 'audit', label: 'players.tabs.audit' },
] as const

const REASON_MAX = 500

/** A badge of the header: a state support must see at once. */
function Badge({ tone, children }: { tone?: 'danger' | 'warning' | 'success'; children: ReactNode }) {
  return (
    <li className={styles.badge} data-tone={tone}>
      {children}
    </li>
  )
}

/**
 * An action that needs a reason and a second look: the reason first, then "confirm" or "cancel"
 * before anything is sent.
 */
function ReasonAction({
  name,
  label,
  confirmText,
  danger,
  pending,
  error,
  onConfirm,
}: {
  name: string
  label: string
  confirmText: string
  danger?: boolean
  pending: boolean
  error: unknown
  onConfirm: (reason: string) => void
}) {
  const { t } = useI18n()
  const [reason, setReason] = useState('')
  const [confirming, setConfirming] = useState(false)
  const reasonError = fieldError(error, 'reason')
  const errorId = `${name}-reason-error`
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!reason.trim()) return
    if (!confirming) return setConfirming(true)
    setConfirming(false)
    onConfirm(reason.trim())
  }
  return (
    <details>
      <summary>{label}</summary>
      <form className={styles.action} onSubmit={submit}>
        <label>
          {t('players.actions.reason')}
          <textarea
            name="reason"
            required
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value)
              setConfirming(false)
            }}
            aria-invalid={!!reasonError || undefined}
            aria-describedby={reasonError ? errorId : undefined}
          />
        </label>
        <FieldError id={errorId} message={reasonError} />
        <ErrorNotice error={reasonError ? undefined : error} />
        {confirming ? (
          <div className={styles.row} role="group" aria-label={confirmText}>
            <p role="alert">{confirmText}</p>
            <button
              type="submit"
              className={`button ${danger ? 'button-danger' : 'button-primary'}`}
              disabled={pending}
            >
              {t('players.actions.confirm')}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('players.actions.cancel')}
            </button>
          </div>
        ) : (
          <div className={styles.row}>
            <button
              type="submit"
              className={`button ${danger ? 'button-danger' : ''}`}
              disabled={pending || !reason.trim()}
            >
              {label}
            </button>
          </div>
        )}
      </form>
    </details>
  )
}

/** The player 360: the key facts and support's actions above the tabs, each tab its own request. */
export function PlayerPage() {
  const { t } = useI18n()
  const { id = '' } = useParams()
  const can = useCan()
  const queryClient = useQueryClient()
  const profile = useQuery(profileQuery(id))
  const location = useLocation()
  // A success notice belongs to the tab it was given on: another tab starts without it.
  const [notice, setNoticeAt] = useState<{ text: string; at: string } | null>(null)
  const setNotice = (text: string | null) => setNoticeAt(text ? { text, at: location.pathname } : null)
  const [confirmEnd, setConfirmEnd] = useState(false)

  const done = (message: string) => async (result?: PlayerProfile) => {
    if (result) queryClient.setQueryData(profileQuery(id).queryKey, result)
    setNotice(message)
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: playerKey(id) }),
      queryClient.invalidateQueries({ queryKey: ['players', 'search'] }),
      // A balance adjustment above the threshold waits in the approvals inbox.
      queryClient.invalidateQueries({ queryKey: ['approvals'] }),
    ])
  }
  const block = useMutation({
    mutationFn: ({ action, reason }: { action: 'block' | 'unblock'; reason: string }) =>
      api<PlayerProfile>('POST', `/api/admin/players/${id}/${action}`, { reason }),
    onMutate: () => setNotice(null),
    onSuccess: (result, { action }) =>
      done(action === 'block' ? t('players.actions.blocked') : t('players.actions.unblocked'))(result),
  })
  const endSessions = useMutation({
    mutationFn: () => api<{ ended: number }>('POST', `/api/admin/players/${id}/sessions/end`),
    onMutate: () => setNotice(null),
    onSuccess: (result) => done(t('players.actions.sessions_ended', { count: result.ended }))(),
  })
  const resetTwoFactor = useMutation({
    mutationFn: (reason: string) =>
      api<PlayerProfile>('POST', `/api/admin/players/${id}/2fa/reset`, { reason }),
    onMutate: () => setNotice(null),
    onSuccess: (result) => done(t('players.actions.two_factor_was_reset'))(result),
  })
  const testAccount = useMutation({
    mutationFn: (test: boolean) =>
      api<PlayerProfile>('POST', `/api/admin/players/${id}/test-account`, { test }),
    onMutate: () => setNotice(null),
    onSuccess: (result) =>
      done(result.test_account ? t('players.actions.marked_test') : t('players.actions.unmarked_test'))(
        result,
      ),
  })

  if (profile.error) return <ErrorNotice error={profile.error} />
  if (!profile.data) return <p className="muted">{t('table.loading')}</p>
  const p = profile.data
  const name = playerName(p)
  return (
    <section className="page" aria-labelledby="player-title">
      <p>
        <Link to="/players">{t('players.back')}</Link>
        {can('responsible_gambling:view') && (
          <>
            {' · '}
            <Link to={`/rg/players/${p.id}`}>{t('players.rg_link')}</Link>
          </>
        )}
      </p>
      <div className={styles.header}>
        <div>
          <h1 id="player-title">
            {t('players.player', { id: p.id })}: {name ?? p.email}
          </h1>
          <ul className={styles.badges} aria-label={t('players.badges')}>
            {p.blocked && <Badge tone="danger">{t('players.statuses.blocked')}</Badge>}
            {p.test_account && <Badge tone="warning">{t('players.statuses.test')}</Badge>}
            <Badge tone={p.verified ? 'success' : undefined}>
              {p.verified ? t('players.verified') : t('players.not_verified')}
            </Badge>
            <Badge tone={p.two_factor_enabled ? 'success' : undefined}>
              {p.two_factor_enabled ? t('players.two_factor_on') : t('players.two_factor_off')}
            </Badge>
          </ul>
          <dl className="facts">
            <dt>{t('players.id')}</dt>
            <dd>{p.id}</dd>
            <dt>{t('fields.email')}</dt>
            <dd>{p.email}</dd>
            <dt>{t('fields.name')}</dt>
            <dd>{name ?? '–'}</dd>
            <dt>{t('players.country')}</dt>
            <dd>{p.country ?? '–'}</dd>
            <dt>{t('players.currency')}</dt>
            <dd>{p.currency}</dd>
            {p.blocked && p.blocked_reason && (
              <>
                <dt>{t('players.blocked_reason')}</dt>
                <dd>{p.blocked_reason}</dd>
              </>
            )}
          </dl>
        </div>
        {(can('players:edit') || can('players:approve')) && (
          <div className={styles.actions}>
            <h2 className="visually-hidden">{t('players.actions.title')}</h2>
            {can('players:edit') &&
              (p.blocked ? (
                <ReasonAction
                  key="unblock"
                  name="unblock"
                  label={t('players.actions.unblock')}
                  confirmText={t('players.actions.confirm_unblock', { id: p.id })}
                  pending={block.isPending}
                  error={block.error}
                  onConfirm={(reason) => block.mutate({ action: 'unblock', reason })}
                />
              ) : (
                <ReasonAction
                  key="block"
                  name="block"
                  danger
                  label={t('players.actions.block')}
                  confirmText={t('players.actions.confirm_block', { id: p.id })}
                  pending={block.isPending}
                  error={block.error}
                  onConfirm={(reason) => block.mutate({ action: 'block', reason })}
                />
              ))}
            {can('players:edit') && (
              <AdjustBalance
                playerId={id}
                defaultCurrency={p.currency}
                onDone={(message) => done(message)()}
              />
            )}
            {can('players:approve') && p.two_factor_enabled && (
              <ReasonAction
                name="two-factor"
                danger
                label={t('players.actions.reset_two_factor')}
                confirmText={t('players.actions.confirm_reset_two_factor', { id: p.id })}
                pending={resetTwoFactor.isPending}
                error={resetTwoFactor.error}
                onConfirm={(reason) => resetTwoFactor.mutate(reason)}
              />
            )}
            {can('players:edit') && (
              <div className={styles.row}>
                {confirmEnd ? (
                  <>
                    <p role="alert">{t('players.actions.confirm_end_sessions', { id: p.id })}</p>
                    <button
                      type="button"
                      className="button button-danger"
                      disabled={endSessions.isPending}
                      onClick={() => {
                        setConfirmEnd(false)
                        endSessions.mutate()
                      }}
                    >
                      {t('players.actions.confirm')}
                    </button>
                    <button type="button" className="button" onClick={() => setConfirmEnd(false)}>
                      {t('players.actions.cancel')}
                    </button>
                  </>
                ) : (
                  <button type="button" className="button" onClick={() => setConfirmEnd(true)}>
                    {t('players.actions.end_sessions')}
                  </button>
                )}
                <button
                  type="button"
                  className="button"
                  disabled={testAccount.isPending}
                  onClick={() => testAccount.mutate(!p.test_account)}
                >
                  {p.test_account ? t('players.actions.unmark_test') : t('players.actions.mark_test')}
                </button>
              </div>
            )}
            <ErrorNotice error={endSessions.error ?? testAccount.error} />
          </div>
        )}
      </div>
      {notice?.at === location.pathname && (
        <p className="notice notice-success" role="status">
          {notice.text}
        </p>
      )}
      <nav aria-label={t('players.tabs.label')}>
        <ul className={`tabs ${styles.tabs}`}>
          {TABS.map((tab) => (
            <li key={tab.path}>
              <NavLink to={tab.path ? `/players/${p.id}/${tab.path}` : `/players/${p.id}`} end>
                {t(tab.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </section>
  )
}
