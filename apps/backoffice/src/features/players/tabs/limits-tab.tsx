import { useState, type SyntheticEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams } from 'react-router'
import type { z } from 'zod'
import { CURRENCIES } from '@aurum/shared/currencies'
import {
  LIMIT_LIFETIMES,
  LIMIT_PERIODS,
  LIMIT_TYPES,
  MAX_SESSION_MINUTES,
  isAmountLimit,
  isExclusion,
  type LimitType,
} from '@aurum/shared/limits'
import { inputUnit, parseAmount } from '@aurum/shared/money'
import type { PlayerLimitBody, playerLimits } from '@aurum/shared/contracts/admin-players'
import { DataTable, type Column } from '../../../components/data-table.tsx'
import { ErrorNotice, FieldError, fieldError } from '../../../components/field-errors.tsx'
import { useCan } from '../../auth/me.ts'
import { api } from '../../../lib/http.ts'
import { dateTime, money } from '../../../lib/format.ts'
import { useI18n } from '../../../lib/i18n.tsx'
import { playerKey, profileQuery } from '../api.ts'
import styles from '../players.module.css'

type Limits = z.infer<typeof playerLimits>
type Current = Limits['current'][number]
type History = Limits['history'][number]

/** A period or lifetime as the operator reads it. */
function usePeriodLabel() {
  const { t } = useI18n()
  return (period: string | null) => (period ? t(`players.limits.periods.${period}`) : '–')
}

/** Sets a limit on the player's behalf: new or stricter only (the api refuses a looser one, 422). */
function SetLimitForm({ id, currency }: { id: string; currency: string }) {
  const { t, locale } = useI18n()
  const periodLabel = usePeriodLabel()
  const queryClient = useQueryClient()
  const [type, setType] = useState<LimitType>('deposit')
  const [period, setPeriod] = useState('day')
  const [limitCurrency, setLimitCurrency] = useState(currency)
  const [amount, setAmount] = useState('')
  const [minutes, setMinutes] = useState('')
  const [reason, setReason] = useState('')
  const [amountProblem, setAmountProblem] = useState<string>()
  const periods: readonly string[] = isExclusion(type) ? LIMIT_LIFETIMES : LIMIT_PERIODS
  const unit = inputUnit(limitCurrency)
  const set = useMutation({
    mutationFn: (body: PlayerLimitBody) => api<Limits>('POST', `/api/admin/players/${id}/limits`, body),
    onSuccess: async (limits) => {
      queryClient.setQueryData([...playerKey(id), 'limits'], limits)
      setAmount('')
      setMinutes('')
      setReason('')
      await queryClient.invalidateQueries({ queryKey: playerKey(id) })
    },
  })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    setAmountProblem(undefined)
    const why = reason.trim() || undefined
    if (isAmountLimit(type)) {
      const parsed = parseAmount(amount, unit.minorPerUnit, locale)
      if (!parsed.ok || parsed.cents <= 0n) {
        setAmountProblem(t('players.limits.amount_invalid', { unit: unit.unit }))
        return
      }
      set.mutate({
        type,
        period: period as (typeof LIMIT_PERIODS)[number],
        accounts: [{ currency: limitCurrency, amount_cents: Number(parsed.cents) }],
        reason: why,
      })
    } else if (type === 'session') {
      set.mutate({
        type,
        period: period as (typeof LIMIT_PERIODS)[number],
        minutes: Number(minutes),
        reason: why,
      })
    } else {
      set.mutate({
        type,
        period: period as (typeof LIMIT_LIFETIMES)[number],
        reason: why,
      })
    }
  }
  const amountError =
    amountProblem ?? fieldError(set.error, 'accounts') ?? fieldError(set.error, 'accounts.0.amount_cents')
  const periodError = fieldError(set.error, 'period')
  const minutesError = fieldError(set.error, 'minutes')
  const reasonError = fieldError(set.error, 'reason')
  return (
    <form className="form" onSubmit={submit} aria-labelledby="set-limit-title">
      <h3 id="set-limit-title" className={styles.formTitle}>
        {t('players.limits.set_title')}
      </h3>
      <p className="muted">{t('players.limits.set_explained')}</p>
      <label>
        {t('players.limits.type')}
        <select
          value={type}
          onChange={(e) => {
            const next = e.target.value as LimitType
            setType(next)
            setPeriod(isExclusion(next) ? 'week' : 'day')
          }}
        >
          {LIMIT_TYPES.map((l) => (
            <option key={l} value={l}>
              {t(`players.limits.types.${l}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {isExclusion(type) ? t('players.limits.lifetime') : t('players.limits.period')}
        <select
          value={period}
          onChange={(e) => setPeriod(e.target.value)}
          aria-invalid={!!periodError || undefined}
          aria-describedby={periodError ? 'limit-period-error' : undefined}
        >
          {periods.map((p) => (
            <option key={p} value={p}>
              {periodLabel(p)}
            </option>
          ))}
        </select>
      </label>
      <FieldError id="limit-period-error" message={periodError} />
      {isAmountLimit(type) && (
        <>
          <label>
            {t('players.currency')}
            <select value={limitCurrency} onChange={(e) => setLimitCurrency(e.target.value)}>
              {CURRENCIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('players.limits.amount', { unit: unit.unit })}
            <input
              inputMode="decimal"
              required
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={!!amountError || undefined}
              aria-describedby={amountError ? 'limit-amount-error' : undefined}
            />
          </label>
          <FieldError id="limit-amount-error" message={amountError} />
        </>
      )}
      {type === 'session' && (
        <>
          <label>
            {t('players.limits.minutes')}
            <input
              type="number"
              required
              min={1}
              max={MAX_SESSION_MINUTES}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
              aria-invalid={!!minutesError || undefined}
              aria-describedby={minutesError ? 'limit-minutes-error' : undefined}
            />
          </label>
          <FieldError id="limit-minutes-error" message={minutesError} />
        </>
      )}
      <label>
        {t('players.limits.reason')}
        <textarea
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={!!reasonError || undefined}
          aria-describedby={reasonError ? 'limit-reason-error' : undefined}
        />
      </label>
      <FieldError id="limit-reason-error" message={reasonError} />
      <ErrorNotice error={set.error} />
      {set.isSuccess && (
        <p className="notice notice-success" role="status">
          {t('players.limits.set_done')}
        </p>
      )}
      <div>
        <button type="submit" className="button button-primary" disabled={set.isPending}>
          {t('players.limits.set')}
        </button>
      </div>
    </form>
  )
}

/** The limits in force as the player sees them, every limit ever set, and a stricter one. */
export function LimitsTab() {
  const { t, locale } = useI18n()
  const periodLabel = usePeriodLabel()
  const { id = '' } = useParams()
  const can = useCan()
  const profile = useQuery(profileQuery(id))
  const limits = useQuery({
    queryKey: [...playerKey(id), 'limits'],
    queryFn: () => api<Limits>('GET', `/api/admin/players/${id}/limits`),
  })
  const current: Column<Current>[] = [
    { key: 'type', header: t('players.limits.type'), render: (l) => t(`players.limits.types.${l.type}`) },
    { key: 'period', header: t('players.limits.period'), render: (l) => periodLabel(l.period) },
    { key: 'status', header: t('players.status'), render: (l) => t(`players.limits.statuses.${l.status}`) },
    {
      key: 'value',
      header: t('players.limits.value'),
      render: (l) =>
        l.session
          ? t('players.limits.minutes_used', { used: l.session.current_minutes, minutes: l.session.minutes })
          : l.accounts.length
            ? l.accounts
                .map((a) =>
                  t('players.limits.amount_used', {
                    used: money(Math.abs(a.current_value_amount_cents), a.currency, locale),
                    amount: money(a.amount_cents, a.currency, locale),
                  }),
                )
                .join('; ')
            : '–',
    },
    {
      key: 'pending',
      header: t('players.limits.pending'),
      render: (l) =>
        l.pending
          ? t('players.limits.pending_at', {
              period: periodLabel(l.pending.period),
              at: dateTime(l.pending.effective_at, locale),
            })
          : '–',
    },
    { key: 'created', header: t('players.limits.created'), render: (l) => dateTime(l.created_at, locale) },
    { key: 'ends', header: t('players.limits.ends'), render: (l) => dateTime(l.disable_at, locale) },
  ]
  const history: Column<History>[] = [
    { key: 'id', header: t('players.id'), align: 'end', render: (l) => l.id },
    {
      key: 'type',
      header: t('players.limits.type'),
      render: (l) =>
        LIMIT_TYPES.includes(l.type as LimitType) ? t(`players.limits.types.${l.type}`) : l.type,
    },
    { key: 'period', header: t('players.limits.period'), render: (l) => periodLabel(l.period ?? l.lifetime) },
    {
      key: 'value',
      header: t('players.limits.value'),
      render: (l) =>
        Object.entries(l.amounts)
          .map(([c, cents]) =>
            l.type === 'session'
              ? t('players.limits.minutes_value', { minutes: cents })
              : money(cents, c, locale),
          )
          .join('; ') || '–',
    },
    {
      key: 'state',
      header: t('players.status'),
      render: (l) =>
        [
          l.pending ? t('players.limits.change_waiting') : null,
          l.pending_removal ? t('players.limits.removal_waiting') : null,
          l.removed_at ? t('players.limits.removed', { at: dateTime(l.removed_at, locale) }) : null,
        ]
          .filter(Boolean)
          .join('; ') || t('players.limits.in_force'),
    },
    { key: 'created', header: t('players.limits.created'), render: (l) => dateTime(l.created_at, locale) },
    { key: 'ends', header: t('players.limits.ends'), render: (l) => dateTime(l.ends_at, locale) },
  ]
  return (
    <section aria-labelledby="limits-title">
      <h2 id="limits-title">{t('players.limits.current')}</h2>
      <ErrorNotice error={limits.error} />
      <DataTable
        caption={t('players.limits.current')}
        columns={current}
        rows={limits.data?.current}
        rowKey={(l) => String(l.id)}
        loading={limits.isFetching}
        empty={t('players.limits.none')}
      />
      {can('players:edit') && profile.data && (
        <div className={styles.action}>
          <SetLimitForm id={id} currency={profile.data.currency} />
        </div>
      )}
      <h2>{t('players.limits.history')}</h2>
      <DataTable
        caption={t('players.limits.history')}
        columns={history}
        rows={limits.data?.history}
        rowKey={(l) => l.id}
        loading={limits.isFetching}
      />
    </section>
  )
}
