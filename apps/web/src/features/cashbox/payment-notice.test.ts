import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Messages, PaymentChangeNotice } from '@aurum/shared'
import { createI18n } from '../../lib/i18n.ts'
import { paymentNoticeToast } from './payment-notice.ts'

const bundle = (locale: string) =>
  JSON.parse(
    fs.readFileSync(
      path.join(import.meta.dirname, `../../../../../packages/shared/src/locales/${locale}.json`),
      'utf8',
    ),
  ) as Messages

const notice = (patch: Partial<PaymentChangeNotice>): PaymentChangeNotice => ({
  id: '5001',
  amount_cents: 5_000,
  currency: 'EUR',
  action: 'deposit',
  payment_system: 'card',
  finished_at: '2024-01-01T00:01:00Z',
  created_at: '2024-01-01T00:00:00Z',
  recallable: false,
  success: true,
  type: 'approved',
  ...patch,
})

describe('payment toasts from payments_changes', () => {
  const en = createI18n('en', { en: bundle('en') })
  const toast = (patch: Partial<PaymentChangeNotice>) => paymentNoticeToast(notice(patch), en.t, 'en')

  it('says what happened to which payment, with the amount formatted', () => {
    expect(toast({})).toEqual({ id: 'payment-5001', type: 'success', title: 'Deposit of 50.00 EUR credited' })
    expect(toast({ action: 'cashout', amount_cents: 2_000, type: 'approved' })).toMatchObject({
      type: 'success',
      title: 'Withdrawal of 20.00 EUR paid',
    })
    expect(toast({ amount_cents: 6_000, success: false, type: 'declined' })).toEqual({
      id: 'payment-5001',
      type: 'error',
      title: 'Deposit of 60.00 EUR declined',
    })
    expect(toast({ action: 'cashout', success: false, type: 'canceled' })).toMatchObject({
      type: 'warning',
      title: 'Withdrawal of 50.00 EUR canceled',
    })
    expect(toast({ success: false, type: 'failed', currency: 'BTC', amount_cents: 100_000 })).toMatchObject({
      type: 'error',
      title: 'Deposit of 1,000 µBTC failed',
    })
  })

  it("reads the payment's own state names too, and an unknown one as an update", () => {
    expect(toast({ type: 'succeeded' }).title).toBe('Deposit of 50.00 EUR credited')
    expect(toast({ action: 'cashout', success: false, type: 'rejected' }).title).toBe(
      'Withdrawal of 50.00 EUR declined',
    )
    expect(toast({ action: 'cashout', success: false, type: 'recalled' }).type).toBe('warning')
    expect(toast({ success: false, type: 'constructor' })).toMatchObject({
      type: 'warning',
      title: 'Deposit of 50.00 EUR: status updated',
    })
  })

  it('is translated', () => {
    const de = createI18n('de', { de: bundle('de'), en: bundle('en') })
    expect(paymentNoticeToast(notice({}), de.t, 'de').title).toBe('Einzahlung von 50,00 EUR gutgeschrieben')
    const ja = createI18n('ja', { ja: bundle('ja'), en: bundle('en') })
    expect(paymentNoticeToast(notice({ action: 'cashout' }), ja.t, 'ja').title).toBe(
      '50.00 EURの出金が完了しました',
    )
  })
})
