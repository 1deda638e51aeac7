import { useState, type SyntheticEvent } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { approveResult } from '@aurum/shared/contracts/admin-payments'
import { amountProblemMessage, inputUnit } from '@aurum/shared/money'
import { ErrorNotice, FieldError, fieldError } from '../../components/field-errors.tsx'
import { api } from '../../lib/http.ts'
import { money } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { adjustmentThresholdsQuery, walletsQuery } from './api.ts'
import {
  adjustmentAmount,
  needsSecondApprover,
  type AdjustmentAmount,
  type Direction,
} from './adjustment-amount.ts'
import styles from './players.module.css'

type AdjustResult = z.infer<typeof approveResult>

const REASON_MAX = 500

/** A fresh idempotency key: a retry of the same adjustment answers the first one. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return `bo-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * "Adjust balance" on the player 360 (players:edit): credit or debit the player's real money in one
 * of their currencies, with a reason. The amount is typed in the unit balances are shown in and sent
 * in exact minor units. Above the four-eyes threshold the form says that a second member must
 * approve it, and the answer says whether it is applied or waiting.
 */
export function AdjustBalance({
  playerId,
  defaultCurrency,
  onDone,
}: {
  playerId: string
  defaultCurrency: string
  onDone: (message: string) => Promise<void>
}) {
  const { t, locale } = useI18n()
  const wallets = useQuery(walletsQuery(playerId))
  const thresholds = useQuery(adjustmentThresholdsQuery)
  const currencies = wallets.data?.data.map((w) => w.currency) ?? []
  const [chosen, setCurrency] = useState('')
  const currency = chosen || (currencies.includes(defaultCurrency) ? defaultCurrency : (currencies[0] ?? ''))
  const [direction, setDirection] = useState<Direction>('credit')
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [key, setKey] = useState(newKey)
  const [confirming, setConfirming] = useState(false)
  const [tried, setTried] = useState(false)

  const parsed = currency ? adjustmentAmount(amount, currency, direction, locale) : undefined
  const threshold = thresholds.data?.thresholds[currency]
  const fourEyes = parsed?.ok ? needsSecondApprover(parsed.cents, threshold) : undefined

  const adjust = useMutation({
    mutationFn: (signed: bigint) =>
      api<AdjustResult>('POST', `/api/admin/players/${playerId}/adjustments`, {
        currency,
        // Exact: the parser refuses anything past Number.MAX_SAFE_INTEGER.
        amount_cents: Number(signed),
        reason: reason.trim(),
        kind: 'real',
        idempotency_key: key,
      }),
    onSuccess: async (result) => {
      const shown = money(result.adjustment?.amount_cents ?? '0', currency, locale)
      setAmount('')
      setReason('')
      setTried(false)
      setKey(newKey())
      await onDone(
        result.status === 'awaiting_second_approval'
          ? t('players.adjust.waiting', { amount: shown })
          : t('players.adjust.applied', { amount: shown }),
      )
    },
  })

  /** Any change makes it another adjustment: a new key, and a new look before it is sent. */
  const changed = () => {
    setConfirming(false)
    setKey(newKey())
    adjust.reset()
  }
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    setTried(true)
    if (!parsed?.ok || !reason.trim()) return
    if (!confirming) return setConfirming(true)
    setConfirming(false)
    adjust.mutate(parsed.signed)
  }

  const unit = currency ? inputUnit(currency).unit : ''
  const amountProblem = tried && parsed && !parsed.ok ? amountMessage(t, parsed, unit) : undefined
  const errors = {
    currency: fieldError(adjust.error, 'currency'),
    amount: amountProblem ?? fieldError(adjust.error, 'amount_cents'),
    reason:
      (tried && !reason.trim() ? t('players.adjust.reason_required') : undefined) ??
      fieldError(adjust.error, 'reason'),
  }
  const shown = parsed?.ok ? money(parsed.cents, currency, locale) : ''
  return (
    <details>
      <summary>{t('players.adjust.title')}</summary>
      <form className={styles.action} onSubmit={submit} noValidate>
        <ErrorNotice error={wallets.error ?? adjust.error} />
        {wallets.data && currencies.length === 0 && <p className="muted">{t('players.adjust.no_wallets')}</p>}
        <label>
          {t('players.currency')}
          <select
            value={currency}
            onChange={(e) => {
              setCurrency(e.target.value)
              changed()
            }}
            aria-invalid={!!errors.currency || undefined}
            aria-describedby={errors.currency ? 'adjust-currency-error' : undefined}
          >
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <FieldError id="adjust-currency-error" message={errors.currency} />
        <fieldset className={styles.choices}>
          <legend>{t('players.adjust.direction')}</legend>
          {(['credit', 'debit'] as const).map((d) => (
            <label key={d} className={styles.choice}>
              <input
                type="radio"
                name="adjust-direction"
                value={d}
                checked={direction === d}
                onChange={() => {
                  setDirection(d)
                  changed()
                }}
              />
              {t(`players.adjust.${d}`)}
            </label>
          ))}
        </fieldset>
        <label>
          {t('players.adjust.amount', { unit })}
          <input
            inputMode="decimal"
            autoComplete="off"
            required
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value)
              changed()
            }}
            aria-invalid={!!errors.amount || undefined}
            aria-describedby={`adjust-amount-hint${errors.amount ? ' adjust-amount-error' : ''}`}
          />
        </label>
        <p id="adjust-amount-hint" className="muted">
          {t('players.adjust.amount_hint')}
        </p>
        <FieldError id="adjust-amount-error" message={errors.amount} />
        {fourEyes && threshold !== undefined && (
          <p className="notice" role="status">
            {t('players.adjust.four_eyes', { threshold: money(threshold, currency, locale) })}
          </p>
        )}
        <label>
          {t('players.actions.reason')}
          <textarea
            required
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value)
              changed()
            }}
            aria-invalid={!!errors.reason || undefined}
            aria-describedby={errors.reason ? 'adjust-reason-error' : undefined}
          />
        </label>
        <FieldError id="adjust-reason-error" message={errors.reason} />
        {confirming && parsed?.ok ? (
          <div className={styles.row} role="group" aria-label={t('players.adjust.title')}>
            <p role="alert">
              {t(direction === 'credit' ? 'players.adjust.confirm_credit' : 'players.adjust.confirm_debit', {
                amount: shown,
                id: playerId,
              })}
              {fourEyes ? ` ${t('players.adjust.confirm_four_eyes')}` : ''}
            </p>
            <button
              type="submit"
              className={`button ${direction === 'debit' ? 'button-danger' : 'button-primary'}`}
              disabled={adjust.isPending}
            >
              {t('players.actions.confirm')}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('players.actions.cancel')}
            </button>
          </div>
        ) : (
          <div className={styles.row}>
            <button type="submit" className="button" disabled={adjust.isPending || !currency}>
              {t('players.adjust.submit')}
            </button>
          </div>
        )}
      </form>
    </details>
  )
}

/** Why a typed amount is refused, in the operator's language. */
function amountMessage(
  t: (key: string, vars?: Record<string, string | number>) => string,
  parsed: Extract<AdjustmentAmount, { ok: false }>,
  unit: string,
): string {
  const { key, vars } = amountProblemMessage(parsed, unit)
  return t(`players.adjust.errors.${key}`, vars)
}
