import type { UserAccount } from './types.ts'

/**
 * Spec §9: the minimum-wager notice's amounts, in each currency's minor units, the unit of every
 * amount in the app: cents, yen (JPY has no subunits), satoshi (10^-8) for BTC, BCH, ETH, LTC and
 * DOG, 10^-6 for USDT. RUB, KZT and INR have no definition here and 100 subunits (ISO 4217), as
 * the money code assumes for them.
 */
export const MINIMUM_WAGER_CENTS: Readonly<Record<string, number>> = {
  EUR: 500, // 5 EUR
  USD: 500, // 5 USD
  CAD: 750, // 7.5 CAD
  AUD: 750, // 7.5 AUD
  NOK: 5_000, // 50 NOK
  RUB: 50_000, // 500 RUB
  PLN: 2_500, // 25 PLN
  NZD: 750, // 7.5 NZD
  JPY: 625, // 625 JPY
  KZT: 250_000, // 2500 KZT
  BRL: 3_500, // 35 BRL
  INR: 40_000, // 400 INR
  BTC: 10_000, // 0.0001 BTC (100 µBTC)
  BCH: 1_000_000, // 0.01 BCH
  ETH: 140_000, // 0.0014 ETH (1.4 mETH)
  LTC: 4_500_000, // 0.045 LTC (45 mLTC)
  DOG: 3_500_000_000, // 35 DOG
  USDT: 5_000_000, // 5 USDT
}

/**
 * Spec §8: the minimum-wager notice is shown when the player has a bonus balance in the currency
 * played (the one asked for, else the active wallet's; bonus money is locked, so the balance is
 * above what can be cashed out) and the game's `wager0` collection is at least 0. Answers the
 * notice's currency and amount in minor units, or undefined when no notice is due.
 */
export function minimumWagerNotice(
  collections: Readonly<Record<string, number>>,
  accounts: readonly UserAccount[],
  currency?: string,
): { currency: string; cents: number } | undefined {
  const wager0 = collections.wager0
  if (wager0 === undefined || wager0 < 0) return undefined
  const account = accounts.find((a) => (currency ? a.currency === currency : a.active))
  if (!account || account.amount_cents <= account.available_to_cashout_cents) return undefined
  const cents = MINIMUM_WAGER_CENTS[account.currency]
  return cents === undefined ? undefined : { currency: account.currency, cents }
}
