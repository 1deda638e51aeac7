// The wallets' contracts (/api/player/accounts, /api/player/stats): the api validates and serialises
// with these schemas, OpenAPI describes them, and the web app infers its types from them (type
// imports only: no zod in its bundle for a type).
import { z } from 'zod'

export const account = z
  .object({
    currency: z.string(),
    amount_cents: z.number(),
    available_to_cashout_cents: z.number(),
    available_to_bet_with_locked_cent: z.number(),
    hidden_at: z.string().nullable(),
    deposit_available: z.boolean(),
    selected_lottery_id: z.number(),
    active: z.boolean(),
  })
  .describe('IUserAccount: a wallet; amounts in minor units (balances from the ledger)')
export const compatibleAccount = z
  .object({
    currency: z.string(),
    amount_cents: z.number(),
    available_to_cashout_cents: z.number(),
    wager_status: z.string(),
  })
  .describe('IUserAccountCompatibility')
const perCurrency = z.record(z.string(), z.number())

/** GET /api/player/accounts */
export const accountsQuery = z.strictObject({
  compatibility: z.enum(['true', 'false']).default('false').describe('true: the older item shape'),
})

/** POST /api/player/accounts */
export const selectAccountBody = z.strictObject({
  currency: z.string().regex(/^[A-Z]{3,5}$/, 'validation.one_of'),
})

/** GET /api/player/stats (IPlayerStats) */
export const playerStats = z.object({
  deposits_count: z.number(),
  deposits_sum: perCurrency,
  cashouts_sum: perCurrency,
  bets_sum: perCurrency,
  messages: z.object({ notice: z.string() }),
})
export type PlayerStats = z.infer<typeof playerStats>

/** A wallet (IUserAccount, api-shapes §3.2): amounts in minor units. */
export type UserAccount = z.infer<typeof account>
export type CompatibleAccount = z.infer<typeof compatibleAccount>
