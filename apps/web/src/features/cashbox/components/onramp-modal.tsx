import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { Button } from '../../../components/button/button.tsx'
import { FormAlert, formStyles } from '../../../components/form/field.tsx'
import { Modal } from '../../../components/modal/modal.tsx'
import type { ModalComponentProps } from '../../../components/modal/modal-host.tsx'
import { loadChunk } from '../../../lib/chunks.ts'
import { useServices } from '../../../lib/services.tsx'
import { useMethods } from '../api/cashbox-queries.ts'
import type { OnrampWidgetProps } from '../onramp/onramp-widget.tsx'
import { submitWhenReady, type OnrampWidgetHandle } from '../onramp/submit-when-ready.ts'
import type { SubmitResult } from '../payments-lib/types.ts'
import { ResultStep, useFormatAmount } from './payment-form.tsx'
import styles from './cashbox.module.css'

/** The cashbox modal names (spec §2): a finished on-ramp payment closes the cashier beneath it too. */
const CASHBOX_MODALS = ['cashbox-deposit', 'cashbox-deposit-fast', 'cashbox-dashboard', 'cashbox-withdraw']

/**
 * "Cashbox deposit via an on-ramp provider" (spec §2): buying crypto with a card (spec §6, §9).
 * The provider's widget loads lazily; Pay submits through it, retried every second until it has
 * loaded (spec §4), and stays disabled while the payment is being sent.
 */
export function OnrampModal({ entry, close }: ModalComponentProps) {
  const { t } = useTranslation()
  const { modals } = useServices()
  const currency = typeof entry.props.currency === 'string' ? entry.props.currency : ''
  const amountCents = typeof entry.props.amount_cents === 'number' ? entry.props.amount_cents : 0
  const fmt = useFormatAmount(currency || 'EUR')
  const methods = useMethods(currency || undefined, 'deposit')
  const method = methods.data?.find((m) => m.id === 'card_provider')

  const [Widget, setWidget] = useState<ComponentType<OnrampWidgetProps>>()
  const [loadFailed, setLoadFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    setLoadFailed(false)
    loadChunk(() => import('../onramp/onramp-widget.tsx')).then(
      (m) => live && setWidget(() => m.OnrampWidget),
      () => live && setLoadFailed(true),
    )
    return () => {
      live = false
    }
  }, [attempt])

  const widget = useRef<OnrampWidgetHandle>(undefined)
  const onReady = useCallback((handle: OnrampWidgetHandle | undefined) => {
    widget.current = handle
  }, [])
  const [submitting, setSubmitting] = useState(false)
  const [result, setResult] = useState<SubmitResult>()
  const aborter = useRef<AbortController>(undefined)
  useEffect(() => () => aborter.current?.abort(), [])

  const pay = async () => {
    aborter.current = new AbortController()
    setSubmitting(true)
    try {
      await submitWhenReady(() => widget.current, aborter.current.signal)
    } finally {
      setSubmitting(false)
    }
  }
  const finish = () => {
    for (const name of CASHBOX_MODALS) modals.close(name)
    close()
  }

  const title = t('cashbox.onramp_title', { currency })
  let body
  if (result) body = <ResultStep result={result} onClose={finish} />
  else if (methods.isPending) body = <p role="status">{t('common.loading')}</p>
  else if (!method || !amountCents) body = <FormAlert message={t('cashbox.onramp_unavailable')} />
  else
    body = (
      <form
        className={formStyles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void pay()
        }}
      >
        <p>{t('cashbox.onramp_intro', { provider: method.provider.name, amount: fmt(amountCents) })}</p>
        <dl className={styles.plan}>
          <dt>{t('cashbox.fee_label')}</dt>
          <dd>{method.fee_percent} %</dd>
          <dt>{t('cashbox.processing_time')}</dt>
          <dd>{t(`cashbox.time_${method.processing_time}`)}</dd>
          <dt>{t('cashbox.verification')}</dt>
          <dd>
            {method.verification_required ? t('cashbox.verification_required') : t('cashbox.no_verification')}
          </dd>
        </dl>
        {Widget ? (
          <Widget
            method={method}
            currency={currency}
            amountCents={amountCents}
            onReady={onReady}
            onResult={setResult}
          />
        ) : loadFailed ? (
          <div className={formStyles.form}>
            <FormAlert message={t('cashbox.onramp_load_failed')} />
            <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t('cashbox.onramp_retry')}
            </Button>
          </div>
        ) : (
          <p role="status" className={styles.muted}>
            {t('cashbox.onramp_loading', { provider: method.provider.name })}
          </p>
        )}
        <div className={formStyles.actions}>
          <Button variant="ghost" onClick={close}>
            {t('cashbox.back')}
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? t('cashbox.onramp_paying') : t('cashbox.buy')}
          </Button>
        </div>
      </form>
    )
  return (
    <Modal entry={entry} title={title} onClose={close}>
      {body}
    </Modal>
  )
}
