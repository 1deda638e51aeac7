// The reality check's contracts (GET/PUT /api/player/reality_check; docs/responsible-gambling.md
// "Reality check"): the api validates and serialises with these schemas, OpenAPI describes them,
// and the web app infers its types from them (type imports only: no zod in its bundle for a type).
import { z } from 'zod'
import { isRealityCheckMinutes, REALITY_CHECK_OPTIONS } from '../reality-check.ts'

export const realityCheckState = z
  .object({
    interval_minutes: z.number().describe('The interval in force: the player’s choice, else the default'),
    default_minutes: z.number().describe('The casino’s default (REALITY_CHECK_MINUTES)'),
    options: z.array(z.number()).describe('The intervals a player may choose (no "off")'),
    session: z
      .object({
        started_at: z
          .string()
          .describe('When the play session started (a reload or another game does not start a new one)'),
        game_title: z.string().describe('The game of the newest open game session'),
        currency: z.string(),
        wagered_cents: z.number(),
        won_cents: z.number(),
        net_cents: z.number().describe('won - wagered: negative when the player is down'),
      })
      .nullable()
      .describe(
        'The current real-money play session: from the start of the run of game sessions the newest one in use belongs to (a pause over 30 minutes starts a new one), with its totals in the currency played; null when no game is in use',
      ),
  })
  .describe('Reality check: the reminder interval and the session’s time and result')

export const realityCheckBody = z.strictObject({
  interval_minutes: z
    .number()
    .refine(isRealityCheckMinutes, 'validation.reality_check_interval')
    .describe(`Minutes between reminders: one of ${REALITY_CHECK_OPTIONS.join(', ')}`),
})

/** `GET /api/player/reality_check` (and the answer of `PUT`). */
export type RealityCheckState = z.infer<typeof realityCheckState>
/** The player's current real-money play session with its totals, in minor units of `currency`. */
export type RealityCheckSession = NonNullable<RealityCheckState['session']>
