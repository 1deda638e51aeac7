import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import type { UserSettings } from '@aurum/shared'
import type { HttpClient } from '../../lib/http/client.ts'
import type { AppEnv } from '../../lib/services.tsx'
import { CaptchaController, type CaptchaState } from './captcha-controller.ts'
import type { SolvedCaptcha } from './solve.ts'

const settings = (recaptcha: string): UserSettings => ({
  cent: { user: '', timestamp: '0', token: '', authEndpoint: '', url: '' },
  recaptcha,
  recaptcha_version: 0,
})

function setup({
  isBot = false,
  keys = ['site-key'],
}: { isBot?: boolean; keys?: Array<string | Error> } = {}) {
  const settingsCalls: number[] = []
  const http = {
    get: vi.fn((path: string) => {
      if (path !== '/api/player/settings') throw new Error(`unexpected ${path}`)
      settingsCalls.push(Date.now())
      const next = keys.length > 1 ? keys.shift()! : keys[0]!
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(settings(next))
    }),
  } as unknown as HttpClient
  const logs: string[] = []
  let solved = 0
  const solve = vi.fn(async (): Promise<SolvedCaptcha> => {
    await new Promise((r) => setTimeout(r, 500))
    solved++
    return { token: `token-${solved}`, expiresAt: Date.now() + 600_000 }
  })
  const controller = new CaptchaController(
    {
      env: { isBot } as AppEnv,
      http,
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
      logger: { log: (_level, label) => logs.push(label) },
    },
    solve,
  )
  const states: CaptchaState[] = []
  return { controller, solve, settingsCalls, logs, states, listen: (s: CaptchaState) => states.push(s) }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the captcha controller', () => {
  it('starts solving when a form mounts, so the token is ready at submit', async () => {
    const { controller, solve, states, listen } = setup()
    controller.use(listen)
    await vi.advanceTimersByTimeAsync(600)
    expect(solve).toHaveBeenCalledTimes(1)
    expect(states).toEqual(['waiting', 'verifying', 'ready'])
    await expect(controller.getToken()).resolves.toBe('token-1')
    expect(states.at(-1)).toBe('idle')
  })

  it('retries every second until the settings carry a key, and initialises once', async () => {
    const { controller, settingsCalls, solve, listen } = setup({
      keys: ['', new Error('offline'), '', 'key'],
    })
    const start = Date.now()
    controller.use(listen)
    await vi.advanceTimersByTimeAsync(2_900)
    expect(solve).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(700)
    expect(settingsCalls.map((t) => t - start)).toEqual([0, 1_000, 2_000, 3_000])
    expect(solve).toHaveBeenCalledTimes(1)
    // A second form does not initialise again.
    controller.use(() => undefined)
    await controller.initialise()
    expect(settingsCalls).toHaveLength(4)
  })

  it('logs a settings failure once while it keeps retrying', async () => {
    const { controller, logs, listen } = setup({ keys: [new Error('down'), new Error('down'), 'key'] })
    controller.use(listen)
    await vi.advanceTimersByTimeAsync(3_000)
    expect(logs).toEqual(['LOAD_PLAYER_SETTINGS_ERROR'])
  })

  it('is skipped for bots: no settings, no solving, no token', async () => {
    const { controller, solve, settingsCalls, states, listen } = setup({ isBot: true })
    controller.use(listen)
    await expect(controller.getToken()).resolves.toBeUndefined()
    expect(settingsCalls).toHaveLength(0)
    expect(solve).not.toHaveBeenCalled()
    expect(states.at(-1)).toBe('off')
  })

  it('hands each token out once; a submit right after mount waits for the solve under way', async () => {
    const { controller, solve, listen } = setup()
    controller.use(listen)
    const first = controller.getToken()
    await vi.advanceTimersByTimeAsync(600)
    await expect(first).resolves.toBe('token-1')
    // The form is still there after a failed submission: the next token is solved in the background.
    await vi.advanceTimersByTimeAsync(2_600)
    expect(solve).toHaveBeenCalledTimes(2)
    await expect(controller.getToken()).resolves.toBe('token-2')
  })

  it('solves no next token once the form is gone', async () => {
    const { controller, solve, listen } = setup()
    const release = controller.use(listen)
    await vi.advanceTimersByTimeAsync(600)
    await controller.getToken()
    release()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(solve).toHaveBeenCalledTimes(1)
  })

  it('solves again when the ready token is about to expire', async () => {
    const { controller, solve, listen } = setup()
    controller.use(listen)
    await vi.advanceTimersByTimeAsync(600)
    vi.setSystemTime(Date.now() + 580_000)
    const token = controller.getToken()
    await vi.advanceTimersByTimeAsync(600)
    await expect(token).resolves.toBe('token-2')
    expect(solve).toHaveBeenCalledTimes(2)
  })

  it('reports a failed solve, logs it, and tries again at submit', async () => {
    const { controller, solve, logs, states, listen } = setup()
    solve.mockRejectedValueOnce(new Error('worker crashed'))
    controller.use(listen)
    await vi.advanceTimersByTimeAsync(10)
    expect(states.at(-1)).toBe('failed')
    expect(logs).toEqual(['LOAD_CAPTCHA_ERROR'])
    const token = controller.getToken()
    await vi.advanceTimersByTimeAsync(600)
    await expect(token).resolves.toBe('token-1')
  })
})
