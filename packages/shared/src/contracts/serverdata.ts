// The server data's contract (GET /json-api/serverdata): the api validates and serialises
// with these schemas, OpenAPI describes them, and the web app infers its types from them (type
// imports only: no zod in its bundle for a type).
import { z } from 'zod'

export const serverDataSchema = z.object({
  country: z.string().nullable().describe('From the domain, else the geo-IP header'),
  restricted: z.boolean().describe('The country is restricted: no registration, login or game page'),
  default_locale: z.string(),
  default_currency: z.string(),
  ip: z.string(),
  server_time: z.string(),
  version: z.string(),
})
export type ServerData = z.infer<typeof serverDataSchema>
