import { useEffect, useState, type SyntheticEvent } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import {
  formatAmount,
  inputUnit,
  isExclusion,
  LIMIT_LIFETIMES,
  LIMIT_PERIODS,
  minorToMajor,
  parseLimitInput,
  type LimitLifetime,
  type LimitPeriod,
} from '@aurum/shared'
import { Button } from '../../../components/button/button.tsx'
import { CheckField, FormAlert, formStyles, SelectField, TextField } from '../../../components/form/field.tsx'
import { useServices } from '../../../lib/services.tsx'
import { fieldErrors } from '../../../lib/http/errors.ts'
import { usePlayer } from '../../account/api/get-player.ts'
import { RealityCheckSetting } from '../../reality-check/components/reality-check-setting.tsx'
import { useChangeDelayHours, useLimitMutations, useLimits, type UserLimit } from '../api/limits.ts'
import { countdownParts } from './limits-format.ts'
import profile from '../../profile/components/users.module.css'
import styles from './limits.module.css'

const SETTABLE = ['deposit', 'wager', 'loss', 'session'] as const
type Settable = (typeof SETTABLE)[number]

/** The time, ticking every `ms` in the browser (the server renders the moment of the request). */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms)
    return () => clearInterval(timer)
  }, [ms])
  return now
}

/** The limits page (spec §2 /users/limits): every limit, what it counted, changes that wait, breaks. */
export function LimitsPage() {
  const { t } = useTranslation()
  const player = usePlayer()
  const limits = useLimits()
  const hours = useChangeDelayHours()
  const { logger } = useServices()
  const [editing, setEditing] = useState<UserLimit | null>(null)
  // Spec §8: a failed load is logged under its name.
  useEffect(() => {
    if (limits.error) logger.log('error', 'LOAD_USER_LIMITS', limits.error)
  }, [limits.error, logger])
  if (!player) return null
  const list = limits.data ?? []
  const exclusion = list.find((l) => isExclusion(l.type))
  return (
    <div className={profile.grid}>
      <div className={profile.column}>
        {exclusion && <ExclusionBanner limit={exclusion} />}
        <section className={profile.card} aria-labelledby="limits-title">
          <h2 id="limits-title">{t('limits.yours_title')}</h2>
          <p className={profile.muted}>{t('limits.intro', { hours })}</p>
          {limits.isPending ? (
            <p role="status">{t('common.loading')}</p>
          ) : limits.isError ? (
            <FormAlert message={t('profile.load_failed')} />
          ) : list.filter((l) => !isExclusion(l.type)).length === 0 ? (
            <p className={styles.empty}>{t('limits.none')}</p>
          ) : (
            <ul className={styles.list}>
              {list
                .filter((l) => !isExclusion(l.type))
                .map((limit) => (
                  <LimitItem key={limit.id} limit={limit} onEdit={() => setEditing(limit)} />
                ))}
            </ul>
          )}
        </section>
      </div>
      <div className={profile.column}>
        <SetLimitCard
          currency={player.currency}
          editing={editing}
          onDone={() => setEditing(null)}
          key={editing?.id ?? 'new'}
        />
        <section className={profile.card} aria-labelledby="reality-check-title">
          <h2 id="reality-check-title">{t('reality_check.title')}</h2>
          <RealityCheckSetting />
        </section>
        {!exclusion && <BreakCard />}
      </div>
    </div>
  )
}

/** A date that ends in an abbreviation ("2:30 p.m.") ends the sentence too: no "..". */
const sentence = (text: string) => text.replace(/\.\.(\s|$)/g, '.$1')

function useFormatters() {
  const { t, i18n } = useTranslation()
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
  const money = (cents: number, currency: string) => formatAmount(cents, currency, i18n.language)
  const minutes = (n: number) =>
    n >= 60
      ? t('limits.hours_minutes', { hours: Math.floor(n / 60), minutes: n % 60 })
      : t('limits.minutes', { minutes: n })
  return { date, money, minutes }
}

function ExclusionBanner({ limit }: { limit: UserLimit }) {
  const { t } = useTranslation()
  const { date } = useFormatters()
  return (
    <section className={styles.banner} role="status" aria-labelledby="exclusion-title">
      <h2 id="exclusion-title">{t(`limits.types.${limit.type}`)}</h2>
      <p>
        {limit.disable_at
          ? sentence(t('limits.exclusion_until', { date: date(limit.disable_at) }))
          : t('limits.exclusion_forever')}
      </p>
      <p className={profile.muted}>{t('limits.exclusion_withdrawals')}</p>
    </section>
  )
}

function LimitItem({ limit, onEdit }: { limit: UserLimit; onEdit: () => void }) {
  const { t } = useTranslation()
  const { toasts } = useServices()
  const { remove } = useLimitMutations()
  const hours = useChangeDelayHours()
  const { date, money, minutes } = useFormatters()
  const [asking, setAsking] = useState(false)
  const removing = limit.status === 'unconfirmed_disable' || limit.status === 'confirmed_disable'
  const rows =
    limit.type === 'session' && limit.session
      ? [
          {
            key: 'minutes',
            used: limit.session.current_minutes,
            cap: limit.session.minutes,
            text: t('limits.used_of', {
              used: minutes(limit.session.current_minutes),
              cap: minutes(limit.session.minutes),
            }),
            until: limit.session.active_until,
          },
        ]
      : limit.accounts.map((a) => ({
          key: a.currency,
          used: a.current_value_amount_cents,
          cap: a.amount_cents,
          text: t('limits.used_of', {
            used: money(a.current_value_amount_cents, a.currency),
            cap: money(a.amount_cents, a.currency),
          }),
          until: a.active_until,
        }))
  const titleId = `limit-${limit.id}`
  return (
    <li className={styles.item} aria-labelledby={titleId}>
      <div className={styles.itemHead}>
        <h3 id={titleId}>
          {t(`limits.types.${limit.type}`)} · {t(`limits.per.${limit.period}`)}
        </h3>
        <span className={`${profile.badge} ${limit.status === 'active' ? '' : styles.badgeWaiting}`}>
          {t(`limits.status.${limit.status}`)}
        </span>
      </div>
      {rows.map((row) => {
        const percent = Math.min(100, Math.round((Math.abs(row.used) / Math.max(1, row.cap)) * 100))
        return (
          <div key={row.key} className={styles.usage}>
            <p>{row.text}</p>
            <div
              className={styles.meter}
              role="progressbar"
              aria-label={row.text}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <span style={{ width: `${percent}%` }} className={percent >= 100 ? styles.full : undefined} />
            </div>
            {row.until && <p className={styles.small}>{t('limits.resets', { date: date(row.until) })}</p>}
          </div>
        )
      })}
      {(limit.pending || removing) && <PendingChange limit={limit} />}
      <div className={formStyles.actions}>
        <Button variant="secondary" size="small" onClick={onEdit}>
          {t('limits.change')}
        </Button>
        {!removing &&
          (asking ? (
            <>
              <Button
                variant="ghost"
                size="small"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(limit.id, {
                    onSuccess: () => {
                      setAsking(false)
                      toasts.show({ type: 'info', title: t('limits.email_sent', { hours }) })
                    },
                    onError: (error) =>
                      toasts.show({
                        type: 'error',
                        title: fieldErrors(error)?.base?.[0] ?? t('auth.save_failed'),
                      }),
                  })
                }
              >
                {t('limits.remove_confirm')}
              </Button>
              <Button variant="ghost" size="small" onClick={() => setAsking(false)}>
                {t('common.cancel')}
              </Button>
            </>
          ) : (
            <Button variant="ghost" size="small" onClick={() => setAsking(true)}>
              {t('limits.remove')}
            </Button>
          ))}
      </div>
    </li>
  )
}

/** A loosening or removal that waits: for the e-mailed confirmation, then for the delay (with a countdown). */
function PendingChange({ limit }: { limit: UserLimit }) {
  const { t } = useTranslation()
  const { date, money, minutes } = useFormatters()
  const now = useNow(30_000)
  const confirmed = limit.status === 'confirmed' || limit.status === 'confirmed_disable'
  const effective = limit.pending?.effective_at ?? limit.disable_at
  const what = limit.pending
    ? t('limits.pending_set', {
        amount:
          limit.type === 'session'
            ? minutes(limit.pending.minutes ?? 0)
            : limit.pending.accounts.map((a) => money(a.amount_cents, a.currency)).join(', '),
        period: t(`limits.per.${limit.pending.period}`),
      })
    : t('limits.pending_remove')
  const left = effective ? countdownParts(new Date(effective).getTime() - now) : null
  return (
    <div className={styles.pending}>
      <p>
        <strong>{what}</strong>
      </p>
      {!confirmed && limit.confirm_until && (
        <p>{sentence(t('limits.pending_confirm', { date: date(limit.confirm_until) }))}</p>
      )}
      {effective && (
        <p>
          {left
            ? t(confirmed ? 'limits.takes_effect_in' : 'limits.earliest_in', {
                hours: left.hours,
                minutes: left.minutes,
              })
            : t('limits.takes_effect_soon')}{' '}
          <span className={styles.small}>({date(effective)})</span>
        </p>
      )}
    </div>
  )
}

function SetLimitCard({
  currency,
  editing,
  onDone,
}: {
  currency: string
  editing: UserLimit | null
  onDone: () => void
}) {
  const { t, i18n } = useTranslation()
  const { toasts } = useServices()
  const { set } = useLimitMutations()
  const hours = useChangeDelayHours()
  const unit = inputUnit(currency)
  const start = editing && !isExclusion(editing.type) ? editing : null
  const [type, setType] = useState<Settable>((start?.type as Settable) ?? 'deposit')
  const [period, setPeriod] = useState<LimitPeriod>((start?.period as LimitPeriod) ?? 'day')
  const [amount, setAmount] = useState(() => {
    if (!start) return ''
    if (start.type === 'session') return String(start.session?.minutes ?? '')
    const account = start.accounts.find((a) => a.currency === currency)
    return account ? minorToMajor(account.amount_cents, unit.minorPerUnit) : ''
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const session = type === 'session'
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    // The api's rules, read here first: each mistake gets its own message.
    const parsed = parseLimitInput(amount, session ? 'minutes' : 'amount', unit.minorPerUnit)
    if ('problem' in parsed) {
      setErrors({ amount: t(parsed.problem, { max: parsed.max }) })
      return
    }
    const value = parsed.value
    setErrors({})
    try {
      await set.mutateAsync(
        session
          ? { type: 'session', period, minutes: value }
          : { type, period, accounts: [{ currency, amount_cents: value }] },
      )
      toasts.show({ type: 'success', title: t('limits.saved') })
      setAmount('')
      onDone()
    } catch (error) {
      // The api's 422 `errors`: the amount's own message at the field, any other in the alert.
      const errs = fieldErrors(error) ?? {}
      const { minutes, 'accounts.0.amount_cents': cents, ...rest } = errs
      const atAmount = minutes?.[0] ?? cents?.[0]
      const other = rest.period?.[0] ?? rest.type?.[0] ?? rest.base?.[0] ?? Object.values(rest)[0]?.[0]
      setErrors({
        amount: atAmount ?? '',
        root: other ?? (atAmount ? '' : t('auth.save_failed')),
      })
    }
  }
  return (
    <section className={profile.card} aria-labelledby="set-limit-title">
      <h2 id="set-limit-title">{editing ? t('limits.change_title') : t('limits.set_title')}</h2>
      <p className={profile.muted}>{t('limits.set_hint', { hours })}</p>
      <form className={formStyles.form} onSubmit={(e) => void submit(e)} noValidate>
        <FormAlert message={errors.root || undefined} />
        <SelectField
          label={t('limits.type_label')}
          value={type}
          disabled={!!editing}
          onChange={(e) => setType(e.target.value as Settable)}
        >
          {SETTABLE.map((ty) => (
            <option key={ty} value={ty}>
              {t(`limits.types.${ty}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('limits.period_label')}
          value={period}
          onChange={(e) => setPeriod(e.target.value as LimitPeriod)}
        >
          {LIMIT_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`limits.per.${p}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={session ? t('limits.minutes_label') : t('limits.amount_label', { unit: unit.unit })}
          inputMode={session ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount || undefined}
          hint={t(`limits.explain.${type}`, { currency })}
          lang={i18n.language}
        />
        <div className={formStyles.actions}>
          {editing && (
            <Button variant="ghost" onClick={onDone}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" disabled={set.isPending}>
            {t('limits.save')}
          </Button>
        </div>
      </form>
    </section>
  )
}

/** Cooling-off and self-exclusion: they cannot be shortened or lifted, so the player confirms first. */
function BreakCard() {
  const { t } = useTranslation()
  const { toasts } = useServices()
  const { set } = useLimitMutations()
  const [kind, setKind] = useState<'coolingoff' | 'selfexclusion'>('coolingoff')
  const [lifetime, setLifetime] = useState<LimitLifetime>('day')
  const [understood, setUnderstood] = useState(false)
  const [error, setError] = useState<string>()
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault()
    if (!understood) {
      setError(t('limits.break_confirm_required'))
      return
    }
    setError(undefined)
    try {
      await set.mutateAsync({ type: kind, period: lifetime })
      toasts.show({ type: 'success', title: t(`limits.break_started.${kind}`) })
    } catch (err) {
      setError(
        fieldErrors(err)?.base?.[0] ?? Object.values(fieldErrors(err) ?? {})[0]?.[0] ?? t('auth.save_failed'),
      )
    }
  }
  return (
    <section className={profile.card} aria-labelledby="break-title">
      <h2 id="break-title">{t('limits.break_title')}</h2>
      <p className={profile.muted}>{t('limits.break_intro')}</p>
      <form className={formStyles.form} onSubmit={(e) => void submit(e)} noValidate>
        <FormAlert message={error} />
        <fieldset className={styles.choice}>
          <legend>{t('limits.break_kind')}</legend>
          {(['coolingoff', 'selfexclusion'] as const).map((k) => (
            <label key={k} className={styles.option}>
              <input
                type="radio"
                name="break-kind"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
              />
              <span>
                <strong>{t(`limits.types.${k}`)}</strong>
                <span className={styles.small}>{t(`limits.break_explain.${k}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <SelectField
          label={t('limits.lifetime_label')}
          value={lifetime}
          onChange={(e) => setLifetime(e.target.value as LimitLifetime)}
        >
          {LIMIT_LIFETIMES.map((l) => (
            <option key={l} value={l}>
              {t(`limits.lifetimes.${l}`)}
            </option>
          ))}
        </SelectField>
        <CheckField
          label={t(`limits.break_understand.${kind}`)}
          checked={understood}
          onChange={(e) => setUnderstood(e.target.checked)}
        />
        <div className={formStyles.actions}>
          <Button type="submit" disabled={set.isPending}>
            {t(`limits.break_start.${kind}`)}
          </Button>
        </div>
      </form>
    </section>
  )
}
