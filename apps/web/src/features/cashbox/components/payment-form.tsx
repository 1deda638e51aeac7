import { useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import type { TFunction } from '../../../lib/i18n.ts'
import {
  amountProblemMessage as sharedAmountMessage,
  currencyDefinition,
  displayAmount,
  expiryMessageKey,
  expiryProblem,
  maskExpiry,
  type ParsedAmount,
} from '@aurum/shared'
import { Button } from '../../../components/button/button.tsx'
import { formStyles, TextField } from '../../../components/form/field.tsx'
import { deviceFingerprint } from '../../../lib/fingerprint.ts'
import { fieldErrors, type FieldErrors } from '../../../lib/http/errors.ts'
import { usePlayer } from '../../account/api/get-player.ts'
import {
  useAfterMoneyMovement,
  useMethodFields,
  usePaymentsLib,
  useReportTransaction,
} from '../api/cashbox-queries.ts'
import { fraudCheckPayload } from '../fraud-check.ts'
import type {
  MethodField,
  PaymentAction,
  PaymentPlan,
  PaymentsMethod,
  SubmitResult,
} from '../payments-lib/types.ts'
import styles from './cashbox.module.css'

/** An amount in minor units as the player reads it (µBTC, mETH, 12.50 EUR). */
export function useFormatAmount(currency: string) {
  const { i18n } = useTranslation()
  return (cents: number) => {
    const d = displayAmount(cents, currency, i18n.language)
    return `${d.text} ${d.unit}`
  }
}

/**
 * A payment of one method, amount and currency: its fields, the plan (fee and total), and the
 * submit with what follows it (fraud check for cards, the balance refreshed, the provider's page).
 * Shared by the cashier's details step and the on-ramp provider's widget.
 */
export function usePaymentForm({
  method,
  currency,
  action,
  amountCents,
  savedProfileId,
  onResult,
  skipPlan = false,
}: {
  method: PaymentsMethod
  currency: string
  action: PaymentAction
  amountCents: number
  savedProfileId?: string
  onResult: (r: SubmitResult) => void
  /** No plan is asked for while the amount typed is not a valid one. */
  skipPlan?: boolean
}) {
  const { t } = useTranslation()
  const lib = usePaymentsLib()
  const after = useAfterMoneyMovement()
  const player = usePlayer()
  const reportTransaction = useReportTransaction()
  const fields = useMethodFields(method.id, currency, action, savedProfileId)
  const [values, setValues] = useState<Record<string, string>>({})
  const [saveCard, setSaveCard] = useState(true)
  const [errors, setErrors] = useState<FieldErrors>()
  const [submitting, setSubmitting] = useState(false)
  // One key per filled-in form: a double click or a retried request makes one payment.
  const idempotencyKey = useRef(globalThis.crypto.randomUUID())
  const request = useMemo(
    () => ({
      method_id: method.id,
      currency,
      action,
      amount_cents: amountCents,
      saved_profile_id: savedProfileId,
    }),
    [method.id, currency, action, amountCents, savedProfileId],
  )
  const [plan, setPlan] = useState<Pick<PaymentPlan, 'fee_cents' | 'total_cents'>>()
  useEffect(() => {
    let current = true
    if (skipPlan) {
      setPlan(undefined)
      return
    }
    lib.buildPaymentPlan(request).then(
      (answer) => {
        if (!current) return
        setPlan(answer)
        // The amount is fine now: its error of an earlier amount goes.
        setErrors((e) => e && withoutKey(e, 'amount_cents'))
      },
      (error: unknown) => {
        if (!current) return
        setPlan(undefined)
        setErrors(fieldErrors(error) ?? { base: [t('cashbox.failed')] })
      },
    )
    return () => {
      current = false
    }
  }, [lib, request, skipPlan, t])

  const submit = async () => {
    setSubmitting(true)
    setErrors(undefined)
    try {
      const answer = await lib.submitForm(
        {
          ...request,
          fields: values,
          ...(method.type === 'cards' && !savedProfileId ? { save_profile: saveCard } : {}),
        },
        idempotencyKey.current,
      )
      after()
      if (method.type === 'cards' && player) {
        await reportTransaction(
          fraudCheckPayload({
            player,
            payment: answer.payment,
            action,
            fields: values,
            savedProfileId,
            dfpc: deviceFingerprint(),
            origin: window.location.origin,
            subunitsToUnit: currencyDefinition(currency)?.subunits_to_unit ?? 100,
          }),
        )
      }
      if (answer.next.type === 'redirect') window.location.assign(answer.next.url)
      else onResult(answer)
    } catch (error) {
      setErrors(fieldErrors(error) ?? { base: [t('cashbox.failed')] })
    } finally {
      setSubmitting(false)
    }
  }

  return {
    fields: fields.data,
    values,
    setValues,
    saveCard,
    setSaveCard,
    errors,
    plan,
    submitting,
    submit,
    /**
     * The message above the form: the server's own words for what no field of the form shows
     * (the amount, the method, a saved card, a field this form has no input for), never a generic one.
     */
    formError: (shown: readonly MethodField[] | undefined) => {
      const names = new Set((shown ?? []).map((f) => `fields.${f.name}`))
      return (
        errors?.base?.[0] ??
        errors?.amount_cents?.[0] ??
        Object.entries(errors ?? {}).find(([k]) => !names.has(k))?.[1][0]
      )
    },
  }
}

function withoutKey(errors: FieldErrors, key: string): FieldErrors | undefined {
  const rest = Object.entries(errors).filter(([k]) => k !== key)
  return rest.length ? Object.fromEntries(rest) : undefined
}

/** The message of a refused typed amount (the shared parser's reason), in the player's language. */
export function amountProblemMessage(
  t: TFunction,
  parsed: Extract<ParsedAmount, { ok: false }>,
  unit: string,
): string {
  const { key, vars } = sharedAmountMessage(parsed, unit)
  return t(`cashbox.amount_error_${key}`, vars)
}

const AUTOCOMPLETE: Record<string, string> = { card_number: 'cc-number', expiry: 'cc-exp', cvv: 'cc-csc' }

/** The inputs a method asks for (card number, expiry, IBAN, e-mail…), with their errors. */
export function MethodFieldInputs({
  fields,
  values,
  setValues,
  errors,
}: {
  fields: MethodField[] | undefined
  values: Record<string, string>
  setValues: Dispatch<SetStateAction<Record<string, string>>>
  errors: FieldErrors | undefined
}) {
  const { t } = useTranslation()
  // The expiry date is checked as it is typed (a month 13 at once) and when the field is left.
  const [expiryLeft, setExpiryLeft] = useState(false)
  return (
    <>
      {fields?.map((f) => {
        const value = values[f.name] ?? ''
        const expiry = f.type === 'expiry'
        const problem = expiry && value ? expiryProblem(value, new Date(), expiryLeft) : undefined
        return (
          <TextField
            key={f.name}
            label={t(`fields.${f.name}`)}
            required={f.required}
            autoComplete={AUTOCOMPLETE[f.type] ?? (f.name === 'card_holder' ? 'cc-name' : 'off')}
            inputMode={['card_number', 'cvv', 'expiry'].includes(f.type) ? 'numeric' : undefined}
            maxLength={expiry ? 5 : undefined}
            value={value}
            onChange={(e) => {
              const text = expiry ? maskExpiry(e.target.value, value) : e.target.value
              if (expiry) setExpiryLeft(false)
              setValues((v) => ({ ...v, [f.name]: text }))
            }}
            onBlur={expiry ? () => setExpiryLeft(true) : undefined}
            error={(problem && t(expiryMessageKey(problem))) || errors?.[`fields.${f.name}`]?.[0]}
          />
        )
      })}
    </>
  )
}

/** Amount, fee and total of a payment. */
export function PaymentPlanList({
  currency,
  amountCents,
  plan,
}: {
  currency: string
  amountCents: number
  plan: Pick<PaymentPlan, 'fee_cents' | 'total_cents'> | undefined
}) {
  const { t } = useTranslation()
  const fmt = useFormatAmount(currency)
  if (!plan) return null
  return (
    <dl className={styles.plan}>
      <dt>{t('cashbox.amount')}</dt>
      <dd>{fmt(amountCents)}</dd>
      <dt>{t('cashbox.fee_label')}</dt>
      <dd>{fmt(plan.fee_cents)}</dd>
      <dt>{t('cashbox.total')}</dt>
      <dd>{fmt(plan.total_cents)}</dd>
    </dl>
  )
}

/** The success or unsuccess screen (spec §2). */
export function ResultStep({ result, onClose }: { result: SubmitResult; onClose: () => void }) {
  const { t } = useTranslation()
  const ok =
    result.payment.success || result.payment.state === 'pending' || result.payment.state === 'processing'
  return (
    <div className={formStyles.form} role="status">
      <p className={styles.resultTitle}>
        {ok ? t(`cashbox.success_${result.payment.action}`) : t('cashbox.unsuccess')}
      </p>
      {!ok && result.payment.cancellation_reason && <p>{result.payment.cancellation_reason}</p>}
      <Button onClick={onClose}>{t('common.close')}</Button>
    </div>
  )
}
