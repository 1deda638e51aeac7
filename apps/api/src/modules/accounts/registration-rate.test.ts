import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, TEST_PASSWORD, type TestContext } from '../../test/helpers.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({ REGISTRATIONS_PER_HOUR: '3' })
})
afterAll(() => ctx.close())

const register = (n: number, remoteAddress: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/users',
    remoteAddress,
    payload: {
      user: {
        email: `rate${n}.${process.pid}.${Date.now()}@example.com`,
        password: TEST_PASSWORD,
        terms_acceptance: true,
      },
    },
  })

describe('registrations per address', () => {
  it('answer 429 beyond REGISTRATIONS_PER_HOUR from one address, others unaffected', async () => {
    for (let n = 0; n < 3; n++) expect((await register(n, '10.42.0.1')).statusCode).toBe(201)
    const refused = await register(3, '10.42.0.1')
    expect(refused.statusCode).toBe(429)
    expect((await register(4, '10.42.0.2')).statusCode).toBe(201)
  })
})
