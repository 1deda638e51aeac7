import { generate } from 'otplib'
import type { Clock, TestClock } from '@aurum/db'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { STAFF_COOKIE } from '../plugins/staff-session.ts'

/** A staff member created and set up through the api, and signed in. */
export interface SignedInStaff {
  id: bigint
  email: string
  password: string
  /** The authenticator secret. */
  secret: string
  /** `aurum_staff=…`, for the cookie header. */
  cookie: string
  /** The user agent the session is bound to: send it with every call. */
  userAgent: string
  /** The address the member signs in from (sign-in is rate-limited per address). */
  address: string
  /** Calls the api as this member. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: object,
  ): Promise<LightMyRequestResponse>
}

let members = 0

/** An authenticator code at the clock's time, `steps` periods later. */
export function totpCode(secret: string, clock: Clock, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + steps * 30 })
}

/**
 * Creates a member with a builtin role (`owner`, `admin`, `payments`, `kyc`, `support`, `marketing`,
 * `read-only`) or a custom one, sets them up and signs them in. The clock moves 30 s between set-up
 * and sign-in, so that the sign-in code is a fresh one.
 */
export async function signedInStaff(
  app: FastifyInstance,
  clock: TestClock,
  role = 'owner',
): Promise<SignedInStaff> {
  const n = ++members
  const email = `staff-${process.pid}-${n}-${Date.now()}@aurum.test`
  const address = `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) staff-test-${n}`
  const password = 'correct horse battery staple'
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: object,
    cookie?: string,
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      remoteAddress: address,
      headers: { 'user-agent': userAgent, ...(cookie ? { cookie } : {}) },
      ...(body ? { payload: body } : {}),
    })
  // The clock runs with real time: start just past an authenticator step, so that a slow run does
  // not cross into the next step between computing a code and using it.
  clock.set(Math.ceil(clock.now().getTime() / 30_000) * 30_000 + 100)
  const { token } = await app.services.staff.create(email, `Staff ${n}`, role, 'cli')
  const setup = await send('POST', '/api/admin/setup', { token, name: `Staff ${n}`, password })
  if (setup.statusCode !== 200) throw new Error(`staff set-up: ${setup.statusCode} ${setup.body}`)
  const secret = setup.json<{ otp_secret: string }>().otp_secret
  const confirm = await send('POST', '/api/admin/setup/confirm', {
    token,
    code: await totpCode(secret, clock),
  })
  if (confirm.statusCode !== 200) throw new Error(`staff confirm: ${confirm.statusCode} ${confirm.body}`)
  clock.advance(30_000)
  const signIn = await send('POST', '/api/admin/session', {
    email,
    password,
    code: await totpCode(secret, clock),
  })
  if (signIn.statusCode !== 200) throw new Error(`staff sign-in: ${signIn.statusCode} ${signIn.body}`)
  const found = signIn.cookies.find((c) => c.name === STAFF_COOKIE)
  if (!found) throw new Error('staff sign-in set no cookie')
  const cookie = `${STAFF_COOKIE}=${found.value}`
  return {
    id: BigInt(signIn.json<{ id: number | string }>().id),
    email,
    password,
    secret,
    cookie,
    userAgent,
    address,
    call: (method, url, body) => send(method, url, body, cookie),
  }
}
