import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { Link } from 'react-router'
import {
  CRYPTO_WALLET_CURRENCIES,
  currencyDefinition,
  displayAmount,
  inputUnit,
  isCrypto,
  minorToMajor,
  numberSeparators,
  parseAmount,
} from '@aurum/shared'
import { Button } from '../../../components/button/button.tsx'
import { FormAlert, formStyles, SelectField, TextField } from '../../../components/form/field.tsx'
import { Modal } from '../../../components/modal/modal.tsx'
import type { ModalComponentProps } from '../../../components/modal/modal-host.tsx'
import { useServices } from '../../../lib/services.tsx'
import { useStore } from '../../../lib/store.ts'
import { useAccounts, useSelectAccount } from '../../wallet/api/accounts.ts'
import {
  useCryptoAddresses,
  useMethods,
  usePaymentHistory,
  usePaymentsConfig,
  useLogDepositMethods,
  useRecall,
} from '../api/cashbox-queries.ts'
import { usePlayer } from '../../account/api/get-player.ts'
import {
  amountProblemMessage,
  MethodFieldInputs,
  PaymentPlanList,
  ResultStep,
  useFormatAmount,
  usePaymentForm,
} from './payment-form.tsx'
import { amountBounds, fastDepositChoice, initialChoice } from '../bounds.ts'
import { MethodLogo } from './method-logo.tsx'
import type { PaymentAction, PaymentsMethod, SubmitResult } from '../payments-lib/types.ts'
import styles from './cashbox.module.css'

type Step = 'amount' | 'methods' | 'details' | 'result'

/** The card-to-crypto method (spec §6, §9) and the modal of its provider (spec §2). */
const CARD_PROVIDER = 'card_provider'
export const ONRAMP_MODAL = 'cashbox-deposit-onramp'

/** Modal names of the cashbox routes (spec §2) and the flow each starts with. */
const FLOW_OF: Record<string, PaymentAction | 'dashboard'> = {
  'cashbox-dashboard': 'dashboard',
  'cashbox-deposit': 'deposit',
  'cashbox-deposit-fast': 'deposit',
  'cashbox-withdraw': 'cashout',
}

/**
 * The cashbox (spec §2, §4): a dashboard with the withdraw requests, and deposit or withdrawal
 * in three steps: amount, payment method, payment details; then success or unsuccess.
 */
export function CashboxModal({ entry, close }: ModalComponentProps) {
  const { t } = useTranslation()
  const start = FLOW_OF[entry.name] ?? 'dashboard'
  const [flow, setFlow] = useState<PaymentAction | 'dashboard'>(start)
  return (
    <Modal entry={entry} title={t('cashbox.title')} onClose={close}>
      <div className={styles.tabs} role="tablist" aria-label={t('cashbox.title')}>
        {(['deposit', 'cashout', 'dashboard'] as const).map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={flow === f}
            className={styles.tab}
            onClick={() => setFlow(f)}
          >
            {t(`cashbox.tab_${f}`)}
          </button>
        ))}
      </div>
      {flow === 'dashboard' ? (
        <WithdrawRequests />
      ) : (
        <PaymentFlow
          key={flow}
          action={flow}
          // The one-click deposit is the deposit tab's; the withdraw tab is the normal flow.
          fast={flow === 'deposit' && entry.name === 'cashbox-deposit-fast'}
          onClose={close}
        />
      )}
    </Modal>
  )
}

function PaymentFlow({
  action,
  fast,
  onClose,
}: {
  action: PaymentAction
  fast: boolean
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const { modals } = useServices()
  const accounts = useAccounts(true).data
  const wallet = accounts?.find((a) => a.active) ?? accounts?.[0]
  const currency = wallet?.currency
  // Crypto amounts are typed in their display unit (µBTC, mETH…), like they are shown (spec §9).
  const typed = inputUnit(currency ?? 'EUR')
  const config = usePaymentsConfig().data
  const methods = useMethods(currency, action)
  const hasCrypto = !!accounts?.some((a) => {
    const d = currencyDefinition(a.currency)
    return d ? isCrypto(d) : false
  })
  const [step, setStep] = useState<Step | 'fast'>()
  const player = usePlayer()
  const logDepositMethods = useLogDepositMethods()
  const logged = useRef(false)
  useEffect(() => {
    if (action !== 'deposit' || !methods.data || !player || logged.current) return
    logged.current = true
    void logDepositMethods(methods.data, { id: player.id, country: player.country, currency })
  }, [action, methods.data, player, currency, logDepositMethods])
  // Amounts typed are kept per currency: a wallet change never reads "50" in another unit.
  const [amounts, setAmounts] = useState<Record<string, string>>({})
  const lastDeposit = currency ? config?.last_deposits?.[currency] : undefined
  const preset = currency
    ? (lastDeposit?.amount_cents ?? config?.first_deposit_suggestion_cents[currency])
    : undefined
  const amountText =
    (currency && amounts[currency]) ??
    (action === 'deposit' && preset && currency ? minorToMajorLocal(preset, currency, i18n.language) : '')
  const setAmountText = (text: string) => currency && setAmounts((all) => ({ ...all, [currency]: text }))
  const [choice, setChoice] = useState<{ methodId: string; savedProfileId?: string }>()
  const [result, setResult] = useState<SubmitResult>()
  // The active wallet changed mid-payment (a crypto wallet opened, another chosen): start again at
  // the amount, in the new unit, and say so.
  const [walletNotice, setWalletNotice] = useState<string>()
  const seenCurrency = useRef(currency)
  useEffect(() => {
    if (!currency) return
    if (seenCurrency.current && seenCurrency.current !== currency) {
      setChoice(undefined)
      setStep('amount')
      setWalletNotice(t('cashbox.currency_changed', { currency, unit: inputUnit(currency).unit }))
    }
    seenCurrency.current = currency
  }, [currency, t])
  const list = methods.data ?? []
  // Where the flow starts: the one-click deposit with the saved card (or last method), else the
  // method step with the amount preset; the full flow at the amount step.
  const ready = !!currency && !!methods.data && (!fast || !!config)
  const fastChoice = fast ? fastDepositChoice(list, lastDeposit?.method_id) : undefined
  const current: Step | 'fast' = step ?? (!fast ? 'amount' : fastChoice ? 'fast' : 'methods')
  const effectiveChoice = choice ?? (current === 'fast' ? fastChoice : undefined)
  const selected = list.find((m) => m.id === effectiveChoice?.methodId)
  const bounds = amountBounds(list, selected, hasCrypto)
  const parsed = parseAmount(amountText, typed.minorPerUnit, i18n.language)
  const amount = parsed.ok ? parsed.cents : undefined
  const fmt = (cents: number) => {
    const d = displayAmount(cents, currency ?? 'EUR', i18n.language)
    return `${d.text} ${d.unit}`
  }
  const amountError =
    amountText === ''
      ? undefined
      : !parsed.ok
        ? amountProblemMessage(t, parsed, typed.unit)
        : Number(parsed.cents) < bounds.min || Number(parsed.cents) > bounds.max
          ? t('cashbox.amount_range', {
              min: fmt(bounds.min),
              max: Number.isFinite(bounds.max) ? fmt(bounds.max) : '∞',
            })
          : action === 'cashout' && wallet && Number(parsed.cents) > wallet.available_to_cashout_cents
            ? t('cashbox.amount_over_balance', { balance: fmt(wallet.available_to_cashout_cents) })
            : undefined
  const amountOk = amount !== undefined && !amountError
  const amountField = (
    <TextField
      label={t('cashbox.amount_label', { currency: typed.unit })}
      inputMode="decimal"
      autoComplete="off"
      value={amountText}
      onChange={(e) => {
        setWalletNotice(undefined)
        setAmountText(e.target.value)
      }}
      error={amountError}
      hint={t('cashbox.amount_hint', {
        min: fmt(bounds.min),
        max: Number.isFinite(bounds.max) ? fmt(bounds.max) : '∞',
      })}
    />
  )
  const notice = walletNotice && (
    <p className={styles.notice} role="status">
      {walletNotice}
    </p>
  )

  if (!ready) return <p role="status">{t('common.loading')}</p>
  if (current === 'result' && result) return <ResultStep result={result} onClose={onClose} />

  if (current === 'fast' && selected) {
    return (
      <FastDepositStep
        method={selected}
        savedProfileId={effectiveChoice?.savedProfileId}
        currency={currency}
        amountCents={amountOk ? Number(amount) : undefined}
        amountField={amountField}
        onOther={() => {
          setChoice(effectiveChoice)
          setStep('amount')
        }}
        onResult={(r) => {
          setResult(r)
          setStep('result')
        }}
      />
    )
  }

  if (current === 'amount' || current === 'fast') {
    return (
      <form
        className={formStyles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          if (amountOk) {
            setChoice(choice ?? initialChoice(list))
            setStep('methods')
          }
        }}
      >
        <p className={styles.step}>{t('cashbox.step', { step: 1, of: 3 })}</p>
        {notice}
        {amountField}
        <ul className={styles.logos} aria-label={t('cashbox.methods_enabled')}>
          {list.map((m) => (
            <li key={m.id}>
              <MethodLogo method={m} size="small" />
            </li>
          ))}
        </ul>
        <div className={formStyles.actions}>
          {/* Back from the first step closes the cashier: the modal beneath it shows again. */}
          <Button variant="ghost" onClick={onClose}>
            {t('cashbox.back')}
          </Button>
          <Button type="submit" disabled={!amountText || !!amountError || methods.isPending}>
            {t('auth.continue')}
          </Button>
        </div>
      </form>
    )
  }

  if (current === 'methods') {
    return (
      <MethodsStep
        methods={list}
        currency={currency}
        hasCrypto={hasCrypto}
        hasCryptoAddresses={!!config?.card_provider.currencies.length}
        choice={choice ?? initialChoice(list)}
        onChoose={setChoice}
        onBack={() => setStep('amount')}
        onNext={(next) => {
          if (next) setChoice(next)
          else if (!choice) setChoice(initialChoice(list))
          setStep('details')
        }}
        onBuyWithCard={() => modals.open(ONRAMP_MODAL, { currency, amount_cents: Number(amount ?? 0n) })}
        amountOk={amountOk}
        amountError={amountError}
        amountField={
          amountOk ? (
            // The amount chosen (a one-click deposit's preset among them) stays in sight.
            <p className={styles.muted}>
              {t('cashbox.amount')}: <strong>{fmt(Number(amount))}</strong>
            </p>
          ) : (
            amountField
          )
        }
      />
    )
  }

  return (
    <DetailsStep
      method={selected!}
      savedProfileId={effectiveChoice?.savedProfileId}
      currency={currency}
      action={action}
      amountCents={Number(amount ?? 0n)}
      onBack={() => setStep('methods')}
      onResult={(r) => {
        setResult(r)
        setStep('result')
      }}
    />
  )
}

/**
 * A minor-unit amount as the player would type it in their language ("50.00", "50,00"); crypto
 * without its trailing zeros ("100" µBTC, not "100.00").
 */
function minorToMajorLocal(cents: number, currency: string, locale: string): string {
  const definition = currencyDefinition(currency)
  let text = minorToMajor(cents, inputUnit(currency).minorPerUnit)
  if (definition && isCrypto(definition) && text.includes('.')) text = text.replace(/\.?0+$/, '')
  return text.replace('.', numberSeparators(locale).decimal)
}

/**
 * The one-click deposit (spec §2 /deposit-fast, §9): the amount preset, the saved card (or the
 * last method) chosen, one button that pays; what the method still asks for (a saved card's
 * security code) is asked here, and 3-D Secure or the provider's page follows as usual.
 */
function FastDepositStep({
  method,
  savedProfileId,
  currency,
  amountCents,
  amountField,
  onOther,
  onResult,
}: {
  method: PaymentsMethod
  savedProfileId: string | undefined
  currency: string
  amountCents: number | undefined
  amountField: ReactNode
  onOther: () => void
  onResult: (r: SubmitResult) => void
}) {
  const { t } = useTranslation()
  const fmt = useFormatAmount(currency)
  const form = usePaymentForm({
    method,
    currency,
    action: 'deposit',
    amountCents: amountCents ?? 0,
    savedProfileId,
    onResult,
    skipPlan: amountCents === undefined,
  })
  const profile = method.savedProfiles.find((p) => p.id === savedProfileId)
  const shownFields = form.fields?.methodFields
  return (
    <form
      className={formStyles.form}
      noValidate
      aria-labelledby="fast-deposit-title"
      onSubmit={(e) => {
        e.preventDefault()
        if (amountCents !== undefined) void form.submit()
      }}
    >
      <h3 id="fast-deposit-title" className={styles.heading}>
        {t('cashbox.fast_title')}
      </h3>
      <FormAlert message={form.formError(shownFields)} />
      {amountField}
      <div className={styles.payWith}>
        <MethodLogo method={method} decorative />
        <p className={styles.payWithText}>
          <span className={styles.muted}>{t('cashbox.fast_method')}</span>
          <strong>{profile ? `${method.title} ${profile.title}` : method.title}</strong>
        </p>
      </div>
      <MethodFieldInputs
        fields={shownFields}
        values={form.values}
        setValues={form.setValues}
        errors={form.errors}
      />
      {/* Without a fee the button says it all: the amount, and the button stays in view. */}
      {!!form.plan?.fee_cents && (
        <PaymentPlanList currency={currency} amountCents={amountCents ?? 0} plan={form.plan} />
      )}
      <div className={formStyles.actions}>
        <Button variant="ghost" onClick={onOther}>
          {t('cashbox.fast_change')}
        </Button>
        <Button
          type="submit"
          disabled={
            amountCents === undefined ||
            form.submitting ||
            !form.plan ||
            form.fields?.isSubmitAvailable === false
          }
        >
          {t('cashbox.deposit_now', { amount: fmt(form.plan?.total_cents ?? amountCents ?? 0) })}
        </Button>
      </div>
    </form>
  )
}

function MethodsStep({
  methods,
  currency,
  hasCrypto,
  hasCryptoAddresses,
  choice,
  onChoose,
  onBack,
  onNext,
  onBuyWithCard,
  amountOk,
  amountError,
  amountField,
}: {
  methods: PaymentsMethod[]
  currency: string
  hasCrypto: boolean
  hasCryptoAddresses: boolean
  choice: { methodId: string; savedProfileId?: string } | undefined
  onChoose: (c: { methodId: string; savedProfileId?: string }) => void
  onBack: () => void
  onNext: (choice?: { methodId: string }) => void
  /** Buying crypto with a card goes through the on-ramp provider's own modal (spec §2, §6). */
  onBuyWithCard: () => void
  amountOk: boolean
  amountError: string | undefined
  /** The amount again when it is not right (a one-click deposit's preset out of bounds). */
  amountField: ReactNode
}) {
  const { t } = useTranslation()
  const fmt = useFormatAmount(currency)
  const definition = currencyDefinition(currency)
  const cryptoWallet = definition ? isCrypto(definition) : false
  const [tab, setTab] = useState<'fiat' | 'crypto'>(
    cryptoWallet || (methods.length && methods.every((m) => m.type === 'crypto' || m.id === CARD_PROVIDER))
      ? 'crypto'
      : 'fiat',
  )
  // The crypto tab: crypto deposits and buying crypto with a card (the on-ramp provider, spec §6, §9).
  const isCryptoCard = (m: PaymentsMethod) => m.type === 'crypto' || m.id === CARD_PROVIDER
  const { modals } = useServices()
  // Buy stays disabled while the on-ramp provider's payment is open (and submitting).
  const onrampOpen = useStore(modals.store, (state) =>
    state.stack.some((e) => e.name === ONRAMP_MODAL && !e.closing),
  )
  const shown = methods.filter((m) => (tab === 'crypto') === isCryptoCard(m))
  const saved = shown.flatMap((m) => m.savedProfiles.map((p) => ({ method: m, profile: p })))
  // Each method's limits with their currency, formatted for the language ("Min 10.00 EUR, max 5,000.00 EUR").
  const fmtRange = (m: PaymentsMethod) =>
    t('cashbox.method_range', { min: fmt(m.min_amount_cents), max: fmt(m.max_amount_cents) })
  const option = (
    key: string,
    method: PaymentsMethod,
    label: string,
    detail: string,
    value: { methodId: string; savedProfileId?: string },
  ) => (
    <li key={key}>
      <label className={styles.option}>
        <input
          type="radio"
          name="payment-method"
          checked={choice?.methodId === value.methodId && choice.savedProfileId === value.savedProfileId}
          onChange={() => onChoose(value)}
        />
        <MethodLogo method={method} decorative />
        <span>
          <strong>{label}</strong>
          <span className={styles.muted}>{detail}</span>
        </span>
      </label>
    </li>
  )
  return (
    <div className={formStyles.form}>
      <p className={styles.step}>{t('cashbox.step', { step: 2, of: 3 })}</p>
      {amountField}
      <div className={styles.tabs} role="tablist" aria-label={t('cashbox.methods_title')}>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'fiat'}
          className={styles.tab}
          onClick={() => setTab('fiat')}
        >
          {t('cashbox.tab_all')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'crypto'}
          className={styles.tab}
          onClick={() => setTab('crypto')}
        >
          {t('cashbox.tab_crypto')}
        </button>
      </div>
      {tab === 'crypto' && !cryptoWallet ? (
        // A fiat wallet has no crypto methods: say why, and open (or switch to) a crypto wallet.
        <CryptoCurrencyPicker hasCrypto={hasCrypto || hasCryptoAddresses} />
      ) : tab === 'crypto' ? (
        <ul className={styles.cards}>
          {shown.map((m) => (
            <li key={m.id} className={styles.card}>
              <span className={styles.cardTitle}>
                <MethodLogo method={m} decorative />
                <strong>{m.title}</strong>
              </span>
              <dl className={styles.plan}>
                <dt>{t('cashbox.provider')}</dt>
                <dd>{m.provider.name}</dd>
                <dt>{t('cashbox.limits')}</dt>
                <dd>{fmtRange(m)}</dd>
                <dt>{t('cashbox.fee_label')}</dt>
                <dd>{m.fee_percent ? t('cashbox.fee', { percent: m.fee_percent }) : t('cashbox.no_fee')}</dd>
                <dt>{t('cashbox.processing_time')}</dt>
                <dd>{t(`cashbox.time_${m.processing_time}`)}</dd>
                <dt>{t('cashbox.verification')}</dt>
                <dd>
                  {m.verification_required
                    ? t('cashbox.verification_required')
                    : t('cashbox.no_verification')}
                </dd>
              </dl>
              {!amountOk && (
                <p className={formStyles.error} role="alert">
                  {amountError ??
                    t('cashbox.amount_range', { min: fmt(m.min_amount_cents), max: fmt(m.max_amount_cents) })}
                </p>
              )}
              <Button
                disabled={!amountOk || (m.id === CARD_PROVIDER && onrampOpen)}
                onClick={() => {
                  if (m.id === CARD_PROVIDER) return onBuyWithCard()
                  onNext({ methodId: m.id })
                }}
              >
                {t('cashbox.buy')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <fieldset className={styles.methods}>
          <legend className={formStyles.legend}>{t('cashbox.methods_title')}</legend>
          {saved.length > 0 && (
            <>
              <p className={styles.heading}>{t('cashbox.saved_card')}</p>
              <ul className={styles.list}>
                {saved.map(({ method, profile }) =>
                  option(profile.id, method, profile.title, fmtRange(method), {
                    methodId: method.id,
                    savedProfileId: profile.id,
                  }),
                )}
              </ul>
            </>
          )}
          <p className={styles.heading}>{t('cashbox.another_methods')}</p>
          <ul className={styles.list}>
            {shown.map((m) =>
              option(
                m.id,
                m,
                m.title,
                [
                  fmtRange(m),
                  m.fee_percent ? t('cashbox.fee', { percent: m.fee_percent }) : t('cashbox.no_fee'),
                  t(`cashbox.time_${m.processing_time}`),
                ].join(' · '),
                { methodId: m.id },
              ),
            )}
          </ul>
        </fieldset>
      )}
      <div className={formStyles.actions}>
        <Button variant="ghost" onClick={onBack}>
          {t('cashbox.back')}
        </Button>
        <Button disabled={!choice || !amountOk} onClick={() => onNext()}>
          {t('auth.continue')}
        </Button>
      </div>
    </div>
  )
}

/** What the third step (and the payment form in it) works with. */
interface DetailsProps {
  method: PaymentsMethod
  savedProfileId: string | undefined
  currency: string
  action: PaymentAction
  amountCents: number
  onBack: () => void
  onResult: (r: SubmitResult) => void
}

function DetailsStep({
  method,
  savedProfileId,
  currency,
  action,
  amountCents,
  onBack,
  onResult,
}: DetailsProps) {
  const { t } = useTranslation()
  const fmt = useFormatAmount(currency)
  const crypto = method.type === 'crypto' && action === 'deposit'
  const addresses = useCryptoAddresses(crypto)
  if (crypto) {
    const address = addresses.data?.[currency]
    return (
      <div className={formStyles.form}>
        <p className={styles.step}>{t('cashbox.step', { step: 3, of: 3 })}</p>
        <p>{t('cashbox.crypto_send', { amount: fmt(amountCents), currency })}</p>
        <code className={styles.address} data-testid="crypto-address">
          {address ?? t('common.loading')}
        </code>
        <p className={styles.muted}>{t('cashbox.crypto_confirmations')}</p>
        {address && (
          <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(address)}>
            {t('cashbox.copy_address')}
          </Button>
        )}
        <Button variant="ghost" onClick={onBack}>
          {t('cashbox.back')}
        </Button>
      </div>
    )
  }
  return (
    <PaymentDetailsForm {...{ method, savedProfileId, currency, action, amountCents, onBack, onResult }} />
  )
}

function PaymentDetailsForm({
  method,
  savedProfileId,
  currency,
  action,
  amountCents,
  onBack,
  onResult,
}: DetailsProps) {
  const { t } = useTranslation()
  const fmt = useFormatAmount(currency)
  const form = usePaymentForm({ method, currency, action, amountCents, savedProfileId, onResult })
  return (
    <form
      className={formStyles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void form.submit()
      }}
    >
      <p className={styles.step}>{t('cashbox.step', { step: 3, of: 3 })}</p>
      <p>
        <strong>{method.title}</strong>
      </p>
      <FormAlert message={form.formError(form.fields?.methodFields)} />
      <MethodFieldInputs
        fields={form.fields?.methodFields}
        values={form.values}
        setValues={form.setValues}
        errors={form.errors}
      />
      {method.type === 'cards' && !savedProfileId && action === 'deposit' && (
        <label className={formStyles.check}>
          <input
            type="checkbox"
            checked={form.saveCard}
            onChange={(e) => form.setSaveCard(e.target.checked)}
          />
          {t('cashbox.save_card')}
        </label>
      )}
      <PaymentPlanList currency={currency} amountCents={amountCents} plan={form.plan} />
      <div className={formStyles.actions}>
        <Button variant="ghost" onClick={onBack}>
          {t('cashbox.back')}
        </Button>
        <Button
          type="submit"
          disabled={form.submitting || !form.plan || form.fields?.isSubmitAvailable === false}
        >
          {action === 'deposit'
            ? t('cashbox.deposit_now', { amount: fmt(form.plan?.total_cents ?? amountCents) })
            : t('cashbox.withdraw_now')}
        </Button>
      </div>
    </form>
  )
}

/** The withdraw requests (pending payouts can be recalled) and the latest payments. */
function WithdrawRequests() {
  const { t, i18n } = useTranslation()
  const { toasts } = useServices()
  const history = usePaymentHistory()
  const recall = useRecall()
  const fmt = (cents: number, currency: string) => {
    const d = displayAmount(cents, currency, i18n.language)
    return `${d.text} ${d.unit}`
  }
  if (!history.data)
    return <p role="status">{history.isError ? t('profile.load_failed') : t('common.loading')}</p>
  const requests = history.data.filter((p) => p.action !== 'deposit' && p.recallable)
  return (
    <div className={formStyles.form}>
      <h3 className={styles.heading}>{t('cashbox.withdraw_requests')}</h3>
      {requests.length === 0 ? (
        <p className={styles.muted}>{t('cashbox.no_requests')}</p>
      ) : (
        <ul className={styles.list}>
          {requests.map((p) => (
            <li key={p.id} className={styles.request}>
              <span>
                {fmt(p.amount_cents, p.currency)} · {new Date(p.created_at).toLocaleDateString(i18n.language)}
              </span>
              <Button
                size="small"
                variant="secondary"
                disabled={recall.isPending}
                onClick={() =>
                  recall.mutate(p.id, {
                    onSuccess: () => toasts.show({ type: 'success', title: t('cashbox.recalled') }),
                  })
                }
              >
                {t('cashbox.recall')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <h3 className={styles.heading}>{t('cashbox.history')}</h3>
      <ul className={styles.list}>
        {history.data.slice(0, 10).map((p) => (
          <li key={p.id} className={styles.request}>
            <span>
              {t(`cashbox.action_${p.action}`)} · {fmt(p.amount_cents, p.currency)}
            </span>
            <span className={styles.muted}>{t(`cashbox.state_${p.state}`)}</span>
          </li>
        ))}
      </ul>
      <Link to="/users/payments-history">{t('history.all_payments')}</Link>
    </div>
  )
}

/**
 * The crypto tab of a fiat wallet (spec §2): crypto deposits go to a crypto wallet. A player who
 * has crypto wallets (and their addresses) switches to one; a player with none learns what a
 * crypto deposit is and opens a wallet. Either way the chosen wallet becomes the active one.
 */
function CryptoCurrencyPicker({ hasCrypto }: { hasCrypto: boolean }) {
  const { t } = useTranslation()
  const select = useSelectAccount()
  const accounts = useAccounts(true).data ?? []
  const own = CRYPTO_WALLET_CURRENCIES.filter((c) => accounts.some((a) => a.currency === c))
  const [currency, setCurrency] = useState<string>(own[0] ?? CRYPTO_WALLET_CURRENCIES[0])
  return (
    <form
      className={`${formStyles.form} ${styles.cryptoIntro}`}
      aria-labelledby="crypto-intro-title"
      onSubmit={(e) => {
        e.preventDefault()
        select.mutate(currency)
      }}
    >
      <h3 id="crypto-intro-title" className={styles.heading}>
        {hasCrypto ? t('cashbox.crypto_switch_title') : t('cashbox.crypto_intro_title')}
      </h3>
      <p className={styles.muted}>
        {hasCrypto ? t('cashbox.crypto_switch_intro') : t('cashbox.crypto_intro')}
      </p>
      <FormAlert message={select.isError ? t('wallet.select_failed') : undefined} />
      <SelectField
        label={hasCrypto ? t('cashbox.crypto_switch_label') : t('wallet.add_label')}
        value={currency}
        onChange={(e) => setCurrency(e.target.value)}
      >
        {CRYPTO_WALLET_CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <Button type="submit" variant="secondary" disabled={select.isPending}>
        {own.includes(currency as (typeof own)[number]) ? t('cashbox.crypto_switch') : t('wallet.add')}
      </Button>
      <Link to="/benefits-of-crypto" className={styles.muted}>
        {t('cashbox.crypto_learn_more')}
      </Link>
    </form>
  )
}
