// The reference data's contracts (/api/info/*, api-shapes §5): the api validates and serialises
// with them, OpenAPI describes them, and the web app infers its types from them (type imports only).
import { z } from 'zod'
import { localeParam } from './common.ts'

export const currency = z.object({
  code: z.string(),
  symbol: z.string(),
  subunits_to_unit: z.number().int(),
  fiat: z.boolean(),
  default: z.boolean(),
  subcurrencies: z.array(z.string()),
})
export const country = z.object({ code: z.string(), name: z.string(), default_currency: z.string() })
export const locale = z.object({
  code: z.string(),
  name: z.string(),
  name_in_locale: z.string(),
  default: z.boolean(),
})
export const status = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  writable: z.boolean(),
  conditions: z.array(
    z.object({
      persistent_comp_points: z.object({
        type: z.string(),
        exclude_end: z.boolean(),
        min: z.number(),
        max: z.number().describe('-1 when the range has no upper end'),
      }),
    }),
  ),
})
const rate = z.object({ exchange_rate: z.number(), fee: z.number(), total_exchange_rate: z.number() })
/** Crypto to fiat: from → to → rate. */
export const cryptoExchangeRates = z.record(z.string(), z.record(z.string(), rate))
export const project = z.object({
  apps: z.object({ sportsbook: z.boolean(), casino: z.boolean() }),
  sns_config: z.object({ enable: z.boolean(), base_url: z.string(), flow: z.string() }),
  license: z.string(),
  player_two_factor_auth: z.boolean(),
  available_currency_exchange: z.boolean(),
  available_referral_system: z.boolean(),
  supported_payment_api_versions: z.array(z.string()),
  hooyu_integration: z.boolean(),
  country_flags: z.record(z.string(), z.string()).nullable(),
  livespins: z.object({ enabled: z.boolean() }),
  authentication_key: z.string(),
  notification_center: z.object({
    inbox: z.object({
      enabled: z.boolean(),
      categories: z.array(z.string()),
      ws_channels: z.array(z.string()),
    }),
    new_realtime_notifications_flow_enabled: z.boolean(),
  }),
  brand: z.object({
    name: z.string(),
    operator: z.string(),
    support_email: z.string(),
    license_number: z.string(),
  }),
  features: z.object({
    achievements: z.boolean(),
    lootbox_wheel: z.boolean(),
    registration_ab_test: z.boolean(),
    tech_work: z.boolean(),
  }),
  captcha: z
    .object({
      site_key: z.string().describe("The captcha's public identifier; '' when no form requires it"),
      enabled_register: z.boolean().describe('Registration sends a captcha'),
    })
    .describe('Ours: the proof-of-work captcha (`GET /api/captcha/challenge`)'),
  responsible_gambling: z
    .object({ limit_change_delay_hours: z.number() })
    .describe('Ours: how long a loosened or removed limit waits (LIMIT_CHANGE_DELAY_HOURS)'),
})

const partnerTag = z
  .string()
  .max(64)
  .regex(/^[\w.-]*$/, 'validation.invalid')
export const localesQuery = z.strictObject({
  l: localeParam.optional(),
  ref_code: partnerTag.optional(),
  affb_id: partnerTag.optional(),
  'partner-stag': partnerTag.optional(),
})

export type CurrencyInfo = z.infer<typeof currency>
export type CountryInfo = z.infer<typeof country>
export type LocaleInfo = z.infer<typeof locale>
export type StatusInfo = z.infer<typeof status>
export type CryptoExchangeRates = z.infer<typeof cryptoExchangeRates>
export type ProjectInfo = z.infer<typeof project>
