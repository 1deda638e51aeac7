/** Currencies and money rules of spec §9. Amounts are integers in minor units everywhere. */
export interface CurrencyDefinition {
  code: string
  symbol: string
  subunits_to_unit: number
  /** Smaller unit a crypto currency is displayed in (spec §9), e.g. BTC in micro. */
  display?: { unit: string; factor: number }
}

export const CURRENCIES: readonly CurrencyDefinition[] = [
  { code: 'EUR', symbol: '€', subunits_to_unit: 100 },
  { code: 'USD', symbol: '$', subunits_to_unit: 100 },
  { code: 'CAD', symbol: 'C$', subunits_to_unit: 100 },
  { code: 'AUD', symbol: 'A$', subunits_to_unit: 100 },
  { code: 'NZD', symbol: 'NZ$', subunits_to_unit: 100 },
  { code: 'PLN', symbol: 'zł', subunits_to_unit: 100 },
  { code: 'JPY', symbol: '¥', subunits_to_unit: 1 },
  { code: 'NOK', symbol: 'kr', subunits_to_unit: 100 },
  { code: 'BRL', symbol: 'R$', subunits_to_unit: 100 },
  { code: 'BTC', symbol: '₿', subunits_to_unit: 100_000_000, display: { unit: 'µBTC', factor: 1e-6 } },
  { code: 'ETH', symbol: 'Ξ', subunits_to_unit: 100_000_000, display: { unit: 'mETH', factor: 1e-3 } },
  { code: 'BCH', symbol: 'BCH', subunits_to_unit: 100_000_000 },
  { code: 'LTC', symbol: 'Ł', subunits_to_unit: 100_000_000, display: { unit: 'mLTC', factor: 1e-3 } },
  { code: 'DOG', symbol: 'Ð', subunits_to_unit: 100_000_000 },
  { code: 'USDT', symbol: '₮', subunits_to_unit: 1_000_000 },
]

export const DEFAULT_CURRENCY = 'EUR'

/** Default wallet currency by country (spec §9); everyone else gets EUR. */
export const COUNTRY_CURRENCIES: Readonly<Record<string, string>> = {
  AU: 'AUD',
  CA: 'CAD',
  NZ: 'NZD',
  US: 'USD',
  IE: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  CH: 'EUR',
  JP: 'JPY',
  NO: 'NOK',
  BR: 'BRL',
  PL: 'PLN',
}

export const CRYPTO_WALLET_CURRENCIES = ['BTC', 'BCH', 'ETH', 'LTC', 'DOG', 'USDT'] as const

/** Fiat currencies the cashbox offers (spec §9). */
export const CASHBOX_FIAT_CURRENCIES = [
  'EUR',
  'USD',
  'CAD',
  'AUD',
  'NOK',
  'RUB',
  'PLN',
  'NZD',
  'JPY',
  'KZT',
  'BRL',
  'INR',
] as const

const byCode = new Map(CURRENCIES.map((c) => [c.code, c]))

export function currencyDefinition(code: string): CurrencyDefinition | undefined {
  return byCode.get(code)
}

/** A currency is crypto when its subunits_to_unit is above 100 (spec §9). */
export function isCrypto(currency: { subunits_to_unit: number }): boolean {
  return currency.subunits_to_unit > 100
}

export function defaultCurrencyFor(country: string | undefined | null): string {
  return (country && COUNTRY_CURRENCIES[country.toUpperCase()]) || DEFAULT_CURRENCY
}
