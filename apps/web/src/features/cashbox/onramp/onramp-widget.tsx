import { useEffect } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { FormAlert } from '../../../components/form/field.tsx'
import { MethodFieldInputs, PaymentPlanList, usePaymentForm } from '../components/payment-form.tsx'
import type { PaymentsMethod, SubmitResult } from '../payments-lib/types.ts'
import styles from '../components/cashbox.module.css'
import type { OnrampWidgetHandle } from './submit-when-ready.ts'

export interface OnrampWidgetProps {
  method: PaymentsMethod
  currency: string
  amountCents: number
  /** The widget tells the page when it can take a submit (and when it no longer can). */
  onReady: (handle: OnrampWidgetHandle | undefined) => void
  onResult: (result: SubmitResult) => void
}

/**
 * The on-ramp provider's card form (spec §4 "card-provider widget"): a separate chunk the modal
 * loads lazily, as a provider's script would be. It takes the card and charges it for the crypto
 * amount through the payment service; the page's Pay button submits it.
 */
export function OnrampWidget({ method, currency, amountCents, onReady, onResult }: OnrampWidgetProps) {
  const { t } = useTranslation()
  const form = usePaymentForm({ method, currency, action: 'deposit', amountCents, onResult })
  const loaded = !!form.fields && !!form.plan
  // Handed to the page once loaded, and again with each render's submit (it reads the fields typed).
  const { submit } = form
  useEffect(() => {
    if (!loaded) return
    onReady({ submit })
    return () => onReady(undefined)
  }, [loaded, onReady, submit])
  return (
    <div
      className={styles.widget}
      role="group"
      aria-label={t('cashbox.onramp_widget', { provider: method.provider.name })}
      aria-busy={form.submitting}
    >
      <FormAlert message={form.formError(form.fields?.methodFields)} />
      <MethodFieldInputs
        fields={form.fields?.methodFields}
        values={form.values}
        setValues={form.setValues}
        errors={form.errors}
      />
      <PaymentPlanList currency={currency} amountCents={amountCents} plan={form.plan} />
    </div>
  )
}
