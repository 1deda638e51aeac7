import { describe, expect, it, vi } from 'vitest'
import { PRIVATE_CHANNELS, privateChannel } from '@aurum/shared'
import { HttpError } from '../http/errors.ts'
import {
  AUTH_BATCH_SIZE,
  SubscriptionAuthorizer,
  type AuthorizationAnswer,
  type AuthorizationRequest,
} from './auth.ts'
import { RealtimeError } from './errors.ts'

const CHANNELS = PRIVATE_CHANNELS.map((name) => privateChannel(name, '42'))

/** An auth endpoint that grants every channel asked for, with a sign naming the client, channel and request. */
function setup(
  answer?: (request: AuthorizationRequest, n: number) => AuthorizationAnswer | Promise<AuthorizationAnswer>,
) {
  const requests: AuthorizationRequest[] = []
  const reports: Array<{ error: RealtimeError; context: Record<string, unknown> }> = []
  const post = vi.fn(async (request: AuthorizationRequest) => {
    requests.push(request)
    if (answer) return answer(request, requests.length)
    return Object.fromEntries(
      request.channels.map((c) => [
        c,
        { status: 200, info: '', sign: `${request.client}/${c}/${requests.length}` },
      ]),
    )
  })
  const authorizer = new SubscriptionAuthorizer({
    post,
    report: (error, context) => reports.push({ error, context }),
  })
  return { authorizer, requests, reports, post }
}

const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return error as RealtimeError
  }
  throw new Error('resolved')
}

describe('the subscription authorizer (spec §7 auth endpoint)', () => {
  it('asks for every private channel in one request after connecting and hands each sign to its channel', async () => {
    const { authorizer, requests } = setup()
    authorizer.prefetch('c1', CHANNELS)
    const signs = await Promise.all(CHANNELS.map((c) => authorizer.sign('c1', c)))
    expect(requests).toEqual([{ client: 'c1', channels: CHANNELS }])
    expect(signs).toEqual(CHANNELS.map((c) => `c1/${c}/1`))
  })

  it('batches the asks of one moment (a reconnect resubscribing everything) into one request', async () => {
    const { authorizer, requests } = setup()
    const signs = await Promise.all(CHANNELS.map((c) => authorizer.sign('c2', c)))
    expect(requests).toHaveLength(1)
    expect(requests[0]!.channels).toEqual(CHANNELS)
    expect(signs[0]).toBe(`c2/${CHANNELS[0]}/1`)
  })

  it('splits more than 32 channels into requests of 32', async () => {
    const { authorizer, requests } = setup()
    const many = Array.from({ length: AUTH_BATCH_SIZE + 3 }, (_, i) => `balance#${i + 1}`)
    authorizer.prefetch('c1', many)
    await Promise.all(many.map((c) => authorizer.sign('c1', c)))
    expect(requests.map((r) => r.channels.length)).toEqual([32, 3])
  })

  it('keeps signs per client id: a later ask for a channel, or another connection, asks again', async () => {
    const { authorizer, requests } = setup()
    authorizer.prefetch('c1', CHANNELS)
    await authorizer.sign('c1', CHANNELS[0]!)
    expect(requests).toHaveLength(1)
    // A token refresh of the same channel on the same connection: the used sign is not handed out again.
    await expect(authorizer.sign('c1', CHANNELS[0]!)).resolves.toBe(`c1/${CHANNELS[0]}/2`)
    // After a reconnect the client id is another.
    await expect(authorizer.sign('c9', CHANNELS[1]!)).resolves.toBe(`c9/${CHANNELS[1]}/3`)
    expect(requests.slice(1)).toEqual([
      { client: 'c1', channels: [CHANNELS[0]] },
      { client: 'c9', channels: [CHANNELS[1]] },
    ])
  })

  it('accepts a channel without status as granted', async () => {
    const { authorizer } = setup((r) => ({ [r.channels[0]!]: { info: '', sign: 'signed' } }))
    await expect(authorizer.sign('c1', 'balance#42')).resolves.toBe('signed')
  })

  it("fails every channel with 'authorization request failed' (advice fix) when the request fails, reported once", async () => {
    const { authorizer, reports } = setup(() => {
      throw new HttpError('Request failed with status code 500', {
        method: 'POST',
        url: '/api/realtime/auth',
        headers: {},
        timeoutMs: 1,
      })
    })
    authorizer.prefetch('c1', CHANNELS.slice(0, 2))
    const errors = await Promise.all(CHANNELS.slice(0, 2).map((c) => rejection(authorizer.sign('c1', c))))
    expect(errors.map((e) => [e.message, e.advice, e.channel])).toEqual([
      ['authorization request failed', 'fix', CHANNELS[0]],
      ['authorization request failed', 'fix', CHANNELS[1]],
    ])
    expect(reports).toHaveLength(1)
    expect(reports[0]!.error.message).toBe('authorization request failed')
    expect(reports[0]!.error.advice).toBe('fix')
    expect(reports[0]!.context.channels).toEqual(CHANNELS.slice(0, 2))
  })

  it('treats an answer that is not an object as a failed request', async () => {
    const { authorizer } = setup(() => 'oops' as unknown as AuthorizationAnswer)
    const error = await rejection(authorizer.sign('c1', 'balance#42'))
    expect(error.message).toBe('authorization request failed')
  })

  it("fails a channel missing from the answer with 'channel not found in authorization response' (advice fix)", async () => {
    const { authorizer, reports } = setup((r) => ({ [r.channels[0]!]: { status: 200, info: '', sign: 's' } }))
    authorizer.prefetch('c1', ['balance#42', 'bonuses_changes#42'])
    await expect(authorizer.sign('c1', 'balance#42')).resolves.toBe('s')
    const error = await rejection(authorizer.sign('c1', 'bonuses_changes#42'))
    expect([error.message, error.advice, error.channel]).toEqual([
      'channel not found in authorization response',
      'fix',
      'bonuses_changes#42',
    ])
    expect(reports.map((r) => [r.error.message, r.context.channel])).toEqual([
      ['channel not found in authorization response', 'bonuses_changes#42'],
    ])
  })

  it("passes a channel's non-200 status as the error", async () => {
    const { authorizer, reports } = setup((r) => ({
      [r.channels[0]!]: { status: 403, info: 'not yours', sign: '' },
    }))
    const error = await rejection(authorizer.sign('c1', 'balance#7'))
    expect(error).toBeInstanceOf(RealtimeError)
    expect(error.error).toBe(403)
    expect(error.message).toBe('403')
    expect(error.advice).toBe('fix')
    expect(reports[0]!.context).toMatchObject({ channel: 'balance#7', info: 'not yours' })
  })

  it('drops the signs of a connection that ended', async () => {
    const { authorizer, requests } = setup()
    authorizer.prefetch('c1', CHANNELS)
    authorizer.forget('c1')
    await authorizer.sign('c1', CHANNELS[0]!)
    expect(requests).toHaveLength(2)
  })
})
