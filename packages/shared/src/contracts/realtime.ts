// The realtime hub's HTTP contracts (spec §7, api-shapes §7.1): the private channels' auth endpoint
// and the newer mode's credentials. The api validates and serialises with them, OpenAPI describes
// them, and the web app infers its types from them (type imports only). The channels and payloads
// of the websocket itself are in ../realtime.ts.
import { z } from 'zod'

/** Channels one auth request may ask for (the casino's private channels are 16). */
const MAX_AUTH_CHANNELS = 32

export const authBody = z
  .strictObject({
    client: z.string().min(1).max(64).describe('The connection id the connect reply gave'),
    channels: z.array(z.string().min(1).max(255)).min(1).max(MAX_AUTH_CHANNELS),
  })
  .describe('Private channels to authorise for one connection')

export const authAnswer = z
  .record(
    z.string(),
    z.object({
      status: z.number().int().describe('200: granted; 403: not the player’s channel'),
      info: z.string(),
      sign: z.string().describe('The subscription token for this channel and connection'),
    }),
  )
  .describe('Keyed by channel')
export type AuthorizationRequest = z.input<typeof authBody>
export type AuthorizationAnswer = z.infer<typeof authAnswer>

/** GET /api/notification_center/centrifugo/subscription */
export const notificationSubscription = z
  .object({
    user: z.string().describe("The player's id; '' for guests"),
    url: z.string().describe('The hub’s origin; the client connects to <url>/connection/websocket'),
    client_name: z.string(),
    token: z.string().describe('Connection token (JWT), valid 15 minutes'),
  })
  .describe('INotificationCenterSubscription')
