import { describe, expect, it } from 'vitest'
import { currencyDefinition } from './currencies.ts'
import { formatAmount, majorToMinor } from './money.ts'
import type { UserAccount } from './types.ts'
import { MINIMUM_WAGER_CENTS, minimumWagerNotice } from './wager.ts'

const account = (over: Partial<UserAccount>): UserAccount => ({
  currency: 'EUR',
  amount_cents: 0,
  available_to_cashout_cents: 0,
  available_to_bet_with_locked_cent: 0,
  hidden_at: null,
  deposit_available: true,
  selected_lottery_id: 0,
  active: true,
  ...over,
})

describe('minimum-wager notice amounts (spec §9)', () => {
  it('are the spec’s amounts in each currency’s minor units', () => {
    const spec = {
      EUR: '5',
      USD: '5',
      CAD: '7.5',
      AUD: '7.5',
      NOK: '50',
      RUB: '500',
      PLN: '25',
      NZD: '7.5',
      JPY: '625',
      KZT: '2500',
      BRL: '35',
      INR: '400',
      BTC: '0.0001',
      BCH: '0.01',
      ETH: '0.0014',
      LTC: '0.045',
      DOG: '35',
      USDT: '5',
    }
    const minor = Object.fromEntries(
      Object.entries(spec).map(([currency, major]) => [
        currency,
        Number(majorToMinor(major, currencyDefinition(currency)?.subunits_to_unit ?? 100)),
      ]),
    )
    expect(MINIMUM_WAGER_CENTS).toEqual(minor)
    // Crypto in 10^-8 (satoshi), USDT in 10^-6, yen without subunits.
    expect(MINIMUM_WAGER_CENTS).toMatchObject({ BTC: 10_000, ETH: 140_000, USDT: 5_000_000, JPY: 625 })
  })

  it('show in the app’s display units', () => {
    expect(formatAmount(MINIMUM_WAGER_CENTS.EUR!, 'EUR', 'en')).toBe('5.00 EUR')
    expect(formatAmount(MINIMUM_WAGER_CENTS.CAD!, 'CAD', 'en')).toBe('7.50 CAD')
    expect(formatAmount(MINIMUM_WAGER_CENTS.JPY!, 'JPY', 'en')).toBe('625 JPY')
    // 0.0001 BTC is 100 µBTC; 0.0014 ETH is 1.4 mETH; 0.045 LTC is 45 mLTC.
    expect(formatAmount(MINIMUM_WAGER_CENTS.BTC!, 'BTC', 'en')).toBe('100 µBTC')
    expect(formatAmount(MINIMUM_WAGER_CENTS.ETH!, 'ETH', 'en')).toBe('1.4 mETH')
    expect(formatAmount(MINIMUM_WAGER_CENTS.LTC!, 'LTC', 'en')).toBe('45 mLTC')
    expect(formatAmount(MINIMUM_WAGER_CENTS.BCH!, 'BCH', 'en')).toBe('0.01 BCH')
    expect(formatAmount(MINIMUM_WAGER_CENTS.USDT!, 'USDT', 'en')).toBe('5 USDT')
  })
})

describe('minimum-wager notice (spec §8)', () => {
  const wager0 = { slots: 1, wager0: 1 }
  // 30 EUR of which 10 can be cashed out: 20 EUR of bonus money.
  const bonus = account({ amount_cents: 3_000, available_to_cashout_cents: 1_000 })
  const btc = account({ currency: 'BTC', active: false, amount_cents: 50_000, available_to_cashout_cents: 0 })

  it('is shown with a bonus balance in the active wallet and a game with the wager0 collection', () => {
    expect(minimumWagerNotice(wager0, [bonus, btc])).toEqual({ currency: 'EUR', cents: 500 })
    expect(minimumWagerNotice({ wager0: 0 }, [bonus])).toEqual({ currency: 'EUR', cents: 500 })
  })

  it('follows the currency played when one is asked for', () => {
    expect(minimumWagerNotice(wager0, [bonus, btc], 'BTC')).toEqual({ currency: 'BTC', cents: 10_000 })
    expect(minimumWagerNotice(wager0, [bonus, btc], 'USD')).toBeUndefined()
  })

  it('is not shown without a bonus balance, without wager0, or without a wallet', () => {
    const cashable = account({ amount_cents: 3_000, available_to_cashout_cents: 3_000 })
    expect(minimumWagerNotice(wager0, [cashable])).toBeUndefined()
    expect(minimumWagerNotice(wager0, [account({})])).toBeUndefined()
    expect(minimumWagerNotice(wager0, [cashable, btc])).toBeUndefined()
    expect(minimumWagerNotice({ slots: 1 }, [bonus])).toBeUndefined()
    expect(minimumWagerNotice({ wager0: -1 }, [bonus])).toBeUndefined()
    expect(minimumWagerNotice(wager0, [])).toBeUndefined()
  })

  it('is not shown in a currency the spec gives no amount for', () => {
    expect(minimumWagerNotice(wager0, [account({ ...bonus, currency: 'FUN' })])).toBeUndefined()
  })
})
