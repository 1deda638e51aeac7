import { z } from 'zod'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { currencyDefinition, minorToMajor } from '@aurum/shared'
import {
  cryptoAddresses,
  depositMethodsLog,
  fraudPayload,
  fraudRecorded,
  methodFieldsQuery,
  methodFieldsResult,
  methodId,
  methodsQuery,
  paymentMethod,
  paymentPlan,
  paymentRequest,
  paymentsConfig,
  playerPayment,
  savedProfileId,
  submitBody,
  submitResult,
} from '@aurum/shared/contracts/payments'
import { t } from '../../lib/i18n.ts'
import { errorResponse, errorResponses } from '../../lib/schemas.ts'
import { idParam } from '@aurum/shared/contracts/common'
import type { CryptoDeposits } from './crypto.ts'
import type { ProviderMethod } from './provider.ts'
import type { PaymentService } from './service.ts'

/** Limits per player (several players may share an address), per minute. */
const perPlayer = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) =>
      request.session ? `player:${request.session.userId}` : `ip:${request.ip}`,
  },
})

const major = (cents: bigint, code: string) =>
  Number(minorToMajor(cents, currencyDefinition(code)?.subunits_to_unit ?? 100))

export const paymentRoutes: FastifyPluginAsyncZod<{
  payments: PaymentService
  crypto: CryptoDeposits
}> = async (app, { payments, crypto }) => {
  const tags = ['payments']
  const auth = { 401: errorResponse, ...errorResponses }

  app.get(
    '/api/payments/config',
    {
      schema: {
        tags,
        summary: 'Cashbox configuration: currencies, first deposit suggestion, card provider option',
        response: {
          200: paymentsConfig,
          ...auth,
        },
      },
    },
    async (request) => payments.config(request.requireUser()),
  )

  app.get(
    '/api/payments/methods',
    {
      schema: {
        tags,
        summary: 'Payment methods for a currency and action, with bounds, fee and the player’s saved cards',
        querystring: methodsQuery,
        response: { 200: z.array(paymentMethod), ...auth },
      },
    },
    async (request) => {
      const user = request.requireUser()
      const { currency: code, action: act } = request.query
      const [methods, profiles] = await Promise.all([
        payments.availableMethods(user, code, act),
        payments.savedProfiles(user),
      ])
      return methods.map((m: ProviderMethod) => ({
        id: m.id,
        brand: m.brand,
        translationKey: `payments.methods.${m.id}`,
        title: t(request.locale, `payments.methods.${m.id}.title`),
        description: t(request.locale, `payments.methods.${m.id}.description`),
        iconSrc: null,
        extraIcons: '',
        type: m.type,
        provider: { name: payments.provider.name },
        termsOfService: {
          restrictions: { minAmountValue: major(m.minCents, code), maxAmountValue: major(m.maxCents, code) },
        },
        savedProfiles: m.savesCards
          ? profiles
              .filter((p) => p.method_id === m.id)
              .map((p) => ({ id: p.id, title: p.title, isRemoveAvailable: true }))
          : [],
        isForSavedProfilesOnly: false,
        isProfileRequiredForCashout: false,
        min_amount_cents: Number(m.minCents),
        max_amount_cents: Number(m.maxCents),
        fee_percent: m.feePercent,
        processing_time: m.processingTime,
        verification_required: m.verificationRequired,
      }))
    },
  )

  app.get(
    '/api/payments/methods/:id/fields',
    {
      schema: {
        tags,
        summary:
          'The fields a method needs (IGetMethodFieldsResult): amount bounds, method and missing profile fields',
        params: z.strictObject({ id: methodId }),
        querystring: methodFieldsQuery,
        response: {
          200: methodFieldsResult,
          ...auth,
        },
      },
    },
    async (request) => {
      const user = request.requireUser()
      const { currency: code, action: act, saved_profile_id } = request.query
      const method = await payments.method(user, request.params.id, code, act, request.locale)
      if (saved_profile_id) await payments.savedCard(user, method, saved_profile_id, request.locale)
      const missing = await payments.missingPlayerFields(user, method)
      const fields =
        saved_profile_id && method.type === 'cards'
          ? method.fields.filter((f) => act === 'deposit' && f.name === 'cvv')
          : method.fields
      return {
        amountField: { min_cents: Number(method.minCents), max_cents: Number(method.maxCents) },
        methodFields: fields,
        playerFields: missing.map((field) => ({ field, type: 'string' })),
        isSubmitAvailable: missing.length === 0,
      }
    },
  )

  app.delete(
    '/api/payments/saved_profiles/:id',
    {
      schema: {
        tags,
        summary: 'Removes a saved card',
        params: z.strictObject({ id: savedProfileId }),
        response: { 204: z.null(), 404: errorResponse, ...auth },
      },
    },
    async (request, reply) => {
      await payments.deleteSavedProfile(request.requireUser(), request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/payments/plan',
    {
      config: perPlayer(120),
      schema: {
        tags,
        summary: 'The payment plan: amount, fee and total; 422 on amount_cents outside the method’s bounds',
        body: paymentRequest,
        response: {
          200: paymentPlan,
          ...auth,
        },
      },
    },
    async (request) => payments.plan(request.requireUser(), request.body, request.locale),
  )

  app.post(
    '/api/payments',
    {
      config: perPlayer(60),
      schema: {
        tags,
        summary:
          'Submits a deposit or a withdrawal (Idempotency-Key: a retried submit answers the first payment); declines answer 200',
        headers: z.object({ 'idempotency-key': z.string().min(1).max(100).optional() }),
        body: submitBody,
        response: {
          200: submitResult,
          ...auth,
        },
      },
    },
    async (request) =>
      payments.submit(
        request.requireUser(),
        request.body,
        request.headers['idempotency-key'],
        request.locale,
      ),
  )

  app.get(
    '/api/player/payments',
    {
      schema: {
        tags,
        summary: 'The player’s payments, newest first (IPlayerPayment[])',
        response: { 200: z.array(playerPayment), ...auth },
      },
    },
    async (request) => payments.history(request.requireUser(), request.locale),
  )

  app.post(
    '/api/player/payments/:id/recall',
    {
      schema: {
        tags,
        summary: 'Recalls a pending withdrawal: the held money returns to the balance',
        params: idParam,
        response: { 200: playerPayment, 404: errorResponse, ...auth },
      },
    },
    async (request) => payments.recall(request.requireUser(), BigInt(request.params.id), request.locale),
  )

  app.get(
    '/api/player/crypto_addresses',
    {
      schema: {
        tags,
        summary: 'The player’s deposit address per crypto currency (wallets opened on first call)',
        response: { 200: cryptoAddresses, ...auth },
      },
    },
    async (request) => crypto.addresses(request.requireUser()),
  )

  app.post(
    '/api/users/transaction',
    {
      config: perPlayer(60),
      schema: {
        tags,
        summary: 'Records a fraud-check payload (spec §3) and scores it',
        body: fraudPayload,
        response: { 200: fraudRecorded, ...auth },
      },
    },
    async (request) => {
      const { status, score } = await payments.recordFraudCheck(request.requireUser(), request.body)
      return { status, score }
    },
  )

  app.post(
    '/log-payments-dep',
    {
      config: perPlayer(30),
      bodyLimit: 32 * 1024,
      schema: {
        tags,
        summary: 'Records the deposit methods the cashbox offered the player',
        body: depositMethodsLog,
        response: { 204: z.null(), ...auth },
      },
    },
    async (request, reply) => {
      await payments.logDepositMethods(request.requireUser(), request.body)
      return reply.status(204).send(null)
    },
  )
}
