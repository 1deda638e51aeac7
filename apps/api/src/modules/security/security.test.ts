import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/helpers.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const PASSWORD = 'Golden-Lynx-2048'
const sid = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.find((c) => c.name === 'sid')!.value

async function player() {
  const email = `sessions.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`
  const first = sid(
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { user: { email, password: PASSWORD, terms_acceptance: true } },
    }),
  )
  const signIn = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/users/sign_in',
      payload: { user: { email, password: PASSWORD } },
      headers: { 'user-agent': 'Phone browser' },
    })
  return { first, second: sid(await signIn()), third: sid(await signIn()) }
}

describe('sessions on the security page', () => {
  it('lists the player’s sessions and marks the current one', async () => {
    const { third } = await player()
    const res = await ctx.app.inject({ url: '/api/player/sessions', cookies: { sid: third } })
    expect(res.statusCode).toBe(200)
    const list = res.json<Array<{ id: number; current: boolean; user_agent: string }>>()
    expect(list).toHaveLength(3)
    expect(list.filter((s) => s.current)).toHaveLength(1)
    expect(list[0]).toMatchObject({ current: true, user_agent: 'Phone browser' })
  })

  it('signs out one session, and every other one', async () => {
    const { first, second, third } = await player()
    const list = (await ctx.app.inject({ url: '/api/player/sessions', cookies: { sid: third } })).json<
      Array<{ id: number; current: boolean }>
    >()
    const other = list.find((s) => !s.current)!
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/player/sessions/${other.id}`,
          cookies: { sid: third },
        })
      ).statusCode,
    ).toBe(204)
    const rest = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/player/sessions',
      cookies: { sid: third },
    })
    expect(rest.json()).toEqual({ signed_out: 1 })
    expect((await ctx.app.inject({ url: '/api/player', cookies: { sid: first } })).statusCode).toBe(401)
    expect((await ctx.app.inject({ url: '/api/player', cookies: { sid: second } })).statusCode).toBe(401)
    expect((await ctx.app.inject({ url: '/api/player', cookies: { sid: third } })).statusCode).toBe(200)
  })

  it('cannot touch another player’s sessions', async () => {
    const a = await player()
    const b = await player()
    const theirs = (await ctx.app.inject({ url: '/api/player/sessions', cookies: { sid: b.third } })).json<
      Array<{ id: number }>
    >()
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/player/sessions/${theirs[0]!.id}`,
      cookies: { sid: a.third },
    })
    expect(res.statusCode).toBe(404)
    expect((await ctx.app.inject({ url: '/api/player', cookies: { sid: b.third } })).statusCode).toBe(200)
  })

  it('needs a session and a numeric id', async () => {
    expect((await ctx.app.inject('/api/player/sessions')).statusCode).toBe(401)
    const { third } = await player()
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/player/sessions/abc', cookies: { sid: third } }))
        .statusCode,
    ).toBe(400)
  })
})
