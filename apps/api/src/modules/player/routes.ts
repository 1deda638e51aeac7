import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Locale } from '@aurum/shared'
import { AppError } from '../../lib/errors.ts'
import { phoneNumberSchema } from '../../lib/phone.ts'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { userInfo } from '@aurum/shared/contracts/accounts'
import type { AccountsService } from '../accounts/service.ts'
import type { GdprReports } from './gdpr.ts'
import type { PlayerService } from './service.ts'
import {
  gdprAccepted,
  gdprTokenParam,
  groupsBody,
  localeBody,
  phone,
  phoneSet,
  subscriptions,
  subscriptionsBody,
} from '@aurum/shared/contracts/player'

export const playerRoutes: FastifyPluginAsyncZod<{
  player: PlayerService
  gdpr: GdprReports
  accounts: AccountsService
  now: () => Date
}> = async (app, { player, gdpr, accounts, now }) => {
  const tags = ['player']
  app.get(
    '/api/player/phone',
    { schema: { tags, summary: 'The player’s phone number', response: { 200: phone, 401: errorResponse } } },
    async (request) => ({ number: await player.phone(request.requireUser()) }),
  )
  app.post(
    '/api/player/phone',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary:
          'Sets the phone number: international form with a leading + (a mobile or fixed line), stored as E.164',
        body: z.strictObject({ phone: z.strictObject({ number: phoneNumberSchema }) }),
        response: {
          201: phoneSet,
          401: errorResponse,
          429: errorResponse,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { number } = request.body.phone
      await player.setPhone(request.requireUser(), number)
      return reply.status(201).send({ number })
    },
  )
  app.delete(
    '/api/player/phone',
    {
      schema: {
        tags,
        summary: 'Removes the phone number (404 when there is none)',
        response: { 204: z.null(), 401: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      if (!(await player.deletePhone(request.requireUser()))) throw new AppError('not_found', 404)
      return reply.status(204).send(null)
    },
  )
  app.get(
    '/api/subscriptions',
    {
      schema: {
        tags,
        summary: 'The player’s marketing consents',
        response: { 200: subscriptions, 401: errorResponse },
      },
    },
    async (request) => player.subscriptions(request.requireUser()),
  )
  app.put(
    '/api/subscriptions',
    {
      schema: {
        tags,
        summary: 'Changes the consents given (at least one); answers all of them',
        body: subscriptionsBody,
        response: { 200: subscriptions, 401: errorResponse, ...errorResponses },
      },
    },
    async (request) => player.updateSubscriptions(request.requireUser(), request.body),
  )
  app.post(
    '/api/player/groups',
    {
      schema: {
        tags,
        summary:
          'Joins or leaves self-service groups (the registration test variants 543 and 544, which exclude each other); any other group answers 422',
        body: groupsBody,
        response: { 204: z.null(), 401: errorResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      await player.updateGroups(request.requireUser(), request.body.groups, request.locale)
      return reply.status(204).send(null)
    },
  )
  app.patch(
    '/api/player/update_locale',
    {
      schema: {
        tags,
        summary: 'Sets the player’s language (used for e-mails); answers the profile',
        body: localeBody,
        response: { 200: userInfo, 401: errorResponse, ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.requireUser()
      await player.updateLocale(userId, request.body.locale as Locale)
      return accounts.profile(userId)
    },
  )
  app.post(
    '/api/gdpr_reports',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary:
          'Exports everything held on the player as JSON, delivered by an e-mailed download link valid for 7 days; at most 3 a day',
        response: {
          202: gdprAccepted,
          401: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      await gdpr.request(request.requireUser(), request.session?.id ?? null, request.ctx)
      return reply.status(202).send({ status: 'accepted' as const })
    },
  )
  app.get(
    '/api/gdpr_reports/:token',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Downloads a data export from its e-mailed link: the same player must be signed in; an unknown, expired or another player’s link answers 404',
        params: gdprTokenParam,
        response: {
          200: z.string().describe('The export, a JSON attachment'),
          401: errorResponse,
          404: errorResponse,
          429: errorResponse,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const content = await gdpr.download(request.requireUser(), request.params.token)
      if (content === null) throw new AppError('not_found', 404)
      const day = now().toISOString().slice(0, 10)
      // A JSON string with a JSON content type is sent as it is (not serialised again).
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="aurum-casino-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(content)
    },
  )
}
