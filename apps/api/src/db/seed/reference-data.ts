import { CURRENCIES, LOCALES, STATUSES, defaultCurrencyFor } from '@aurum/shared'

/** ISO 3166-1 alpha-2 codes. Names are localised at request time through Intl.DisplayNames. */
const COUNTRY_CODES =
  `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR
BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI
FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS
IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO
MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA
RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT
TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`.split(/\s+/)

export const countries = COUNTRY_CODES.map((code) => ({ code, defaultCurrency: defaultCurrencyFor(code) }))

export const currencies = CURRENCIES.map((c, position) => ({
  code: c.code,
  symbol: c.symbol,
  subunitsToUnit: BigInt(c.subunits_to_unit),
  position,
}))

export const locales = LOCALES.map((code, position) => ({ code, position }))

/** VIP statuses with the persistent comp-point ranges that earn them. */
const STATUS_POINTS: Record<string, [number, number | null]> = {
  bronze: [0, 1_000],
  silver: [1_000, 5_000],
  gold: [5_000, 25_000],
  platinum: [25_000, 100_000],
  star: [100_000, null],
  test: [0, null],
}
export const statuses = STATUSES.map((s, position) => {
  const [min, max] = STATUS_POINTS[s.name]!
  return {
    id: s.id,
    name: s.name,
    writable: false,
    minPoints: BigInt(min),
    maxPoints: max === null ? null : BigInt(max),
    position,
  }
})

/**
 * Reference rates for the crypto wallets, quoted in fiat units per coin. An operator
 * refreshes them (the api reads whatever the table holds); these are the starting values.
 */
export const cryptoRates: Record<string, Record<string, number>> = {
  BTC: { EUR: 81_250, USD: 94_300, CAD: 130_100, AUD: 144_600, NZD: 159_800 },
  ETH: { EUR: 2_905, USD: 3_372, CAD: 4_652, AUD: 5_170, NZD: 5_713 },
  BCH: { EUR: 412, USD: 478, CAD: 659.5, AUD: 733, NZD: 810 },
  LTC: { EUR: 86.4, USD: 100.3, CAD: 138.4, AUD: 153.8, NZD: 169.9 },
  DOG: { EUR: 0.1422, USD: 0.165, CAD: 0.2277, AUD: 0.253, NZD: 0.2796 },
  USDT: { EUR: 0.8617, USD: 1, CAD: 1.3797, AUD: 1.5334, NZD: 1.6946 },
}
/** Conversion fee charged by the exchange service, as a fraction. */
export const CRYPTO_EXCHANGE_FEE = 0.01

export const projectSettings = {
  license: 'CW',
  license_number: 'OGL/2025/1187/0419',
  brand_name: 'Aurum Casino',
  operator: 'Aurum Interactive B.V.',
  player_two_factor_auth: true,
  features: { achievements: true, lootbox_wheel: false, registration_ab_test: true, tech_work: false },
}

/** Groups other than VIP statuses (spec §6): the registration A/B test, live chat, payment-brand gating. */
export const groupsCatalog = [
  { id: 543, name: 'registration_ab_a', writable: false },
  { id: 544, name: 'registration_ab_b', writable: false },
  { id: 545, name: 'live_chat', writable: true },
  { id: 631, name: 'no_sofort', writable: false },
]
