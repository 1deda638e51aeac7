import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { InfoService } from './service.ts'
import type { CaptchaConfig } from '../captcha/service.ts'
import { errorResponses, localeQuery } from '../../lib/schemas.ts'
import {
  country,
  currency,
  cryptoExchangeRates,
  locale,
  localesQuery,
  project,
  status,
} from '@aurum/shared/contracts/info'

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
        response: { 200: cryptoExchangeRates, ...errorResponses },
      },
    },
    () => info.cryptoExchangeRates(),
  )
}
