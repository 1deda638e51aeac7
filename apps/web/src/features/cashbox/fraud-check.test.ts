import { describe, expect, it } from 'vitest'
import type { UserInfo } from '@aurum/shared'
import { fraudCheckPayload, splitExpiry } from './fraud-check.ts'
import type { PlayerPayment } from './payments-lib/types.ts'

describe('fraud-check payload (spec §3, §5)', () => {
  it('splits the expiry date on / into month and year', () => {
    expect(splitExpiry('12/30')).toEqual({ month: 12, year: 2030 })
    expect(splitExpiry('07 / 2031')).toEqual({ month: 7, year: 2031 })
    expect(splitExpiry('13/30')).toEqual({ month: undefined, year: 2030 })
    expect(splitExpiry(undefined)).toEqual({ month: undefined, year: undefined })
  })

  it('carries the BIN and the last 4 digits, never the full number or the CVV', () => {
    const payload = fraudCheckPayload({
      player: {
        id: 7,
        email: 'a@example.com',
        country: 'DE',
        first_name: 'Ana',
        last_name: 'Lind',
      } as UserInfo,
      payment: {
        id: 42,
        amount_cents: 10_000,
        currency: 'EUR',
        payment_system: 'card',
        created_at: '2026-11-22T10:00:00Z',
      } as PlayerPayment,
      action: 'deposit',
      fields: { card_number: '4242 4242 4242 4242', expiry: '12/30', cvv: '123', card_holder: 'Ana Lind' },
      dfpc: 'f'.repeat(64),
      origin: 'https://aurum.example',
      subunitsToUnit: 100,
    })
    expect(payload).toMatchObject({
      card_bin: '424242',
      card_last_4: '4242',
      card_expiration_month: 12,
      card_expiration_year: 2030,
      transaction_id: 42,
      transaction_amount: 100,
      transaction_currency: 'EUR',
      type: 'transaction',
      merchant_user_id: 7,
    })
    expect(JSON.stringify(payload)).not.toContain('4242424242424242')
    expect(JSON.stringify(payload)).not.toContain('123"')
  })
})
