import type { AppServices } from '../../lib/services.tsx'
import { loadErrorLabel } from '../../lib/logger.ts'
import { SETTINGS_URL, settingsQuery } from './api/get-settings.ts'
import { solveCaptcha, type SolvedCaptcha } from './solve.ts'

/** off: a bot or no captcha; waiting: for the settings' key; idle: a token was used, none solved yet. */
export type CaptchaState = 'off' | 'waiting' | 'verifying' | 'ready' | 'idle' | 'failed'

type Services = Pick<AppServices, 'env' | 'http' | 'queryClient' | 'logger'>

export interface CaptchaTiming {
  /** Spec §4: initialisation retries every second until the settings carry a key. */
  retryMs: number
  /** A token this close to its expiry is solved again. */
  expiryMarginMs: number
  /** After a token is handed out, the next one is solved this much later if a form still needs it. */
  nextSolveDelayMs: number
}

const TIMING: CaptchaTiming = { retryMs: 1_000, expiryMarginMs: 30_000, nextSolveDelayMs: 2_000 }

/**
 * One per app: initialises once, keeps one solved token ready for the forms that need it, and
 * hands each token out once (the server accepts each solution once).
 */
export class CaptchaController {
  state: CaptchaState = 'waiting'
  private listeners = new Set<(state: CaptchaState) => void>()
  private users = 0
  private initialised: Promise<boolean> | undefined
  private solving: Promise<void> | undefined
  private solved: SolvedCaptcha | undefined

  constructor(
    private services: Services,
    private solve: (http: Services['http']) => Promise<SolvedCaptcha> = solveCaptcha,
    private timing: CaptchaTiming = TIMING,
  ) {}

  /** A form that needs the captcha mounted: solving starts in the background. Returns its release. */
  use(listener: (state: CaptchaState) => void): () => void {
    this.users++
    this.listeners.add(listener)
    listener(this.state)
    this.prepare()
    return () => {
      this.users--
      this.listeners.delete(listener)
    }
  }

  /** The solved token (waiting for the solve under way); undefined when there is no captcha to give. */
  async getToken(): Promise<string | undefined> {
    if (!this.usable()) {
      this.prepare()
      await this.solving
    }
    const solved = this.usable() ? this.solved : undefined
    if (!solved) return undefined
    this.solved = undefined
    this.setState('idle')
    // Used up: the next one is solved if the form is still there after its submission (it failed).
    setTimeout(() => {
      if (this.users > 0) this.prepare()
    }, this.timing.nextSolveDelayMs)
    return solved.token
  }

  /** Runs once: skipped for bots, otherwise waits until the settings carry a site key. */
  initialise(): Promise<boolean> {
    this.initialised ??= this.waitForKey()
    return this.initialised
  }

  private async waitForKey(): Promise<boolean> {
    const { env, http, queryClient, logger } = this.services
    if (env.isBot) {
      this.setState('off')
      return false
    }
    for (let attempt = 0; ; attempt++) {
      try {
        // The cached settings first; after that, fresh ones each second.
        const settings = await queryClient.query({
          ...settingsQuery(http),
          ...(attempt > 0 ? { staleTime: 0 } : {}),
        })
        if (settings.recaptcha) return true
      } catch (error) {
        if (attempt === 0) {
          logger.log('error', loadErrorLabel(SETTINGS_URL), error)
        }
      }
      await new Promise((resolve) => setTimeout(resolve, this.timing.retryMs))
    }
  }

  private usable(): boolean {
    return !!this.solved && this.solved.expiresAt - Date.now() > this.timing.expiryMarginMs
  }

  private prepare(): void {
    if (this.solving || this.usable()) return
    this.solved = undefined
    this.solving = this.run().finally(() => {
      this.solving = undefined
    })
  }

  private async run(): Promise<void> {
    if (!(await this.initialise())) return
    this.setState('verifying')
    try {
      this.solved = await this.solve(this.services.http)
      this.setState('ready')
    } catch (error) {
      this.services.logger.log('error', 'LOAD_CAPTCHA_ERROR', error)
      this.setState('failed')
    }
  }

  private setState(state: CaptchaState): void {
    this.state = state
    for (const listener of this.listeners) listener(state)
  }
}
