import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/helpers.ts'

let ctx: TestContext
let sid: string
beforeAll(async () => {
  ctx = await createTestApp()
  const reg = await ctx.app.inject({
    method: 'POST',
    url: '/api/users',
    payload: {
      user: {
        email: `profile.${Date.now()}@example.com`,
        password: 'Golden-Lynx-2048',
        terms_acceptance: true,
      },
    },
  })
  sid = reg.cookies.find((c) => c.name === 'sid')!.value
})
afterAll(() => ctx.close())

const patch = (player: Record<string, unknown>, cookie: string | undefined = sid) =>
  ctx.app.inject({
    method: 'PATCH',
    url: '/api/player',
    payload: { context: 'registration', player },
    cookies: cookie ? { sid: cookie } : {},
  })

describe('PATCH /api/player', () => {
  it('saves the personal details and address of sign-up steps 2 and 3', async () => {
    const res = await patch({
      first_name: 'Ana',
      last_name: 'Müller-Øster',
      date_of_birth: '1990-04-12',
      gender: 'f',
      mobile_phone: '+4915123456789',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      first_name: 'Ana',
      last_name: 'Müller-Øster',
      date_of_birth: '1990-04-12',
      mobile_phone: '+4915123456789',
    })
    const address = await patch({
      country: 'DE',
      city: 'Berlin',
      address: 'Unter den Linden 1',
      postal_code: '10117',
    })
    expect(address.json()).toMatchObject({ country: 'DE', city: 'Berlin', postal_code: '10117' })
  })

  it('refuses minors, bad phones and unknown countries with errors per field', async () => {
    const year = new Date().getUTCFullYear() - 17
    const res = await patch({ date_of_birth: `${year}-01-01`, mobile_phone: '015123', country: 'XX' })
    expect(res.statusCode).toBe(422)
    expect(Object.keys(res.json().errors).sort()).toEqual(['date_of_birth', 'mobile_phone'])
    expect((await patch({ country: 'XX' })).json().errors.country).toHaveLength(1)
  })

  it('tells a date in the future or before 1900 from a minor’s, one message each', async () => {
    const future = await patch({ date_of_birth: '2099-01-01' })
    expect(future.statusCode).toBe(422)
    expect(future.json().errors).toEqual({ date_of_birth: ['Enter your real date of birth.'] })
    expect((await patch({ date_of_birth: '1850-06-01' })).json().errors.date_of_birth).toEqual([
      'Enter your real date of birth.',
    ])
    const minor = `${new Date().getUTCFullYear() - 17}-01-01`
    expect((await patch({ date_of_birth: minor })).json().errors.date_of_birth).toEqual([
      'You must be at least 18 years old.',
    ])
  })

  it('keeps identity fields once set', async () => {
    const res = await patch({ first_name: 'Anna' })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.first_name[0]).toMatch(/cannot be changed/)
    expect((await patch({ first_name: 'Ana' })).statusCode).toBe(200)
  })

  it('needs a session', async () => {
    expect((await patch({ city: 'Paris' }, '')).statusCode).toBe(401)
  })
})

describe('one set of field rules for registration and the profile edit', () => {
  const register = (user: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      remoteAddress: '10.41.0.1',
      payload: {
        user: {
          email: `rules.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
          password: 'Golden-Lynx-2048',
          terms_acceptance: true,
          ...user,
        },
      },
    })

  it('refuses markup in a nickname or a name at registration with 422, like PATCH /api/player', async () => {
    const bad = {
      nickname: '<b>king</b>',
      first_name: '<img src=x onerror=alert(1)>',
      last_name: 'Smith<script>',
    }
    const registration = await register(bad)
    expect(registration.statusCode).toBe(422)
    expect(Object.keys(registration.json().errors).sort()).toEqual(['first_name', 'last_name', 'nickname'])
    const edit = await patch(bad)
    expect(edit.statusCode).toBe(422)
    expect(Object.keys(edit.json().errors).sort()).toEqual(['first_name', 'last_name', 'nickname'])
    // The same messages on both routes.
    expect(registration.json().errors).toEqual(edit.json().errors)
  })

  it('accepts at registration what PATCH accepts', async () => {
    const good = { nickname: 'lucky_7', first_name: 'Zoë', last_name: "O'Brien-Núñez" }
    const registration = await register(good)
    expect(registration.statusCode).toBe(201)
    expect(registration.json()).toMatchObject(good)
    expect((await register({ nickname: 'x' })).statusCode).toBe(422)
  })
})
