import { describe, expect, it } from 'vitest'
import { amountBounds, fastDepositChoice, initialChoice } from './bounds.ts'
import type { PaymentsMethod } from './payments-lib/types.ts'

const method = (
  id: string,
  type: PaymentsMethod['type'],
  min: number,
  max: number,
  saved = 0,
): PaymentsMethod => ({
  id,
  brand: id,
  translationKey: id,
  title: id,
  description: '',
  iconSrc: null,
  extraIcons: '',
  type,
  provider: { name: 'sandbox' },
  termsOfService: { restrictions: { minAmountValue: min / 100, maxAmountValue: max / 100 } },
  savedProfiles: Array.from({ length: saved }, (_, i) => ({
    id: `card_${i}`,
    title: '424242******4242',
    isRemoveAvailable: true,
  })),
  isForSavedProfilesOnly: false,
  isProfileRequiredForCashout: false,
  min_amount_cents: min,
  max_amount_cents: max,
  fee_percent: 0,
  processing_time: 'instant',
  verification_required: false,
})

describe('cashbox bounds (spec §5)', () => {
  const card = method('card', 'cards', 1_000, 500_000)
  const bank = method('bank', 'bank_transfer', 2_000, 1_000_000)
  const crypto = method('crypto', 'crypto', 100, 200_000)

  it('uses the selected method', () => {
    expect(amountBounds([card, bank], bank, false)).toEqual({ min: 2_000, max: 1_000_000 })
  })

  it('takes min and max over all methods, crypto left out of the minimum without a crypto currency', () => {
    expect(amountBounds([card, bank, crypto], undefined, false)).toEqual({ min: 1_000, max: 1_000_000 })
    expect(amountBounds([card, bank, crypto], undefined, true)).toEqual({ min: 100, max: 1_000_000 })
    expect(amountBounds([], undefined, false)).toEqual({ min: 0, max: Infinity })
  })

  it('starts with the first saved card, else the first method', () => {
    expect(initialChoice([bank, method('card', 'cards', 1, 2, 2)])).toEqual({
      methodId: 'card',
      savedProfileId: 'card_0',
    })
    expect(initialChoice([bank, card])).toEqual({ methodId: 'bank' })
    expect(initialChoice([])).toBeUndefined()
  })
})

describe('the one-click deposit’s method (spec §2 /deposit-fast)', () => {
  it('takes the saved card, preferring the last deposit’s method, else the last method used', () => {
    const card = method('card', 'cards', 1_000, 500_000, 1)
    const wallet = method('ewallet', 'direct', 1_000, 200_000)
    const crypto = method('crypto', 'crypto', 1_000, 200_000)
    expect(fastDepositChoice([wallet, card], 'ewallet')).toEqual({
      methodId: 'card',
      savedProfileId: 'card_0',
    })
    expect(fastDepositChoice([wallet, method('card', 'cards', 1_000, 500_000)], 'ewallet')).toEqual({
      methodId: 'ewallet',
    })
    // Nothing saved and no deposit yet: the normal flow, at the method step.
    expect(fastDepositChoice([wallet, method('card', 'cards', 1_000, 500_000)], undefined)).toBeUndefined()
    // Coins are sent to an address: a crypto method is never a one-click deposit.
    expect(fastDepositChoice([crypto], 'crypto')).toBeUndefined()
    expect(fastDepositChoice([wallet], 'sofort')).toBeUndefined()
  })
})
