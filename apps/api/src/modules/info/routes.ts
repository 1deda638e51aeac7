import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { InfoService } from './service.ts'
import type { CaptchaConfig } from '../captcha/service.ts'
import { errorResponses, localeParam, localeQuery } from '../../lib/schemas.ts'

const currency = z.object({
  code: z.string(),
  symbol: z.string(),
  subunits_to_unit: z.number().int(),
  fiat: z.boolean(),
  default: z.boolean(),
  subcurrencies: z.array(z.string()),
})
const country = z.object({ code: z.string(), name: z.string(), default_currency: z.string() })
const locale = z.object({
  code: z.string(),
  name: z.string(),
  name_in_locale: z.string(),
  default: z.boolean(),
})
const status = z.object({
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
const project = z.object({
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
const localesQuery = z.strictObject({
  l: localeParam.optional(),
  ref_code: partnerTag.optional(),
  affb_id: partnerTag.optional(),
  'partner-stag': partnerTag.optional(),
})

export const infoRoutes: FastifyPluginAsyncZod<{
  info: InfoService
  supportEmail: string
  captcha: CaptchaConfig
  limitChangeDelayHours: number
}> = async (app, { info, supportEmail, captcha, limitChangeDelayHours }) => {
  const tags = ['info']
  const emptyQuery = localeQuery
  app.get(
    '/api/info/statuses',
    {
      schema: {
        tags,
        summary: 'VIP statuses',
        querystring: emptyQuery,
        response: { 200: z.array(status), ...errorResponses },
      },
    },
    () => info.statuses(),
  )
  app.get(
    '/api/info/locales',
    {
      schema: {
        tags,
        summary: 'Interface languages; the default one is the default for the visitor’s country',
        querystring: localesQuery,
        response: { 200: z.array(locale), ...errorResponses },
      },
    },
    (request) => info.locales(request.locale, request.country),
  )
  app.get(
    '/api/info/countries',
    {
      schema: {
        tags,
        summary: 'Countries with names in the request language',
        querystring: localeQuery,
        response: { 200: z.array(country), ...errorResponses },
      },
    },
    (request) => info.countries(request.locale),
  )
  app.get(
    '/api/info/currencies',
    {
      schema: {
        tags,
        summary: 'Supported currencies',
        querystring: emptyQuery,
        response: { 200: z.array(currency), ...errorResponses },
      },
    },
    () => info.currencies(),
  )
  app.get(
    '/api/info/project',
    {
      schema: {
        tags,
        summary: 'Project settings',
        querystring: emptyQuery,
        response: { 200: project, ...errorResponses },
      },
    },
    async () => ({
      ...(await info.project(supportEmail)),
      captcha,
      responsible_gambling: { limit_change_delay_hours: limitChangeDelayHours },
    }),
  )
  app.get(
    '/api/info/crypto_exchange_rates',
    {
      schema: {
        tags,
        summary: 'Crypto to fiat exchange rates: from → to → rate',
        querystring: emptyQuery,
        response: { 200: z.record(z.string(), z.record(z.string(), rate)), ...errorResponses },
      },
    },
    () => info.cryptoExchangeRates(),
  )
}
