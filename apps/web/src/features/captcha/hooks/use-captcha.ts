import { useCallback, useEffect, useState } from 'react'
import { loadChunk } from '../../../lib/chunks.ts'
import { useServices, type AppServices } from '../../../lib/services.tsx'
import { useProject } from '../../info/api/get-project.ts'
import type { CaptchaController, CaptchaState } from '../captcha-controller.ts'

export type { CaptchaState }

/** The controller and the solver load lazily, once per app, when a form first needs them. */
const controllers = new WeakMap<AppServices, Promise<CaptchaController>>()

function controllerFor(services: AppServices): Promise<CaptchaController> {
  let controller = controllers.get(services)
  if (!controller) {
    controller = loadChunk(() => import('../captcha-controller.ts')).then(
      (m) => new m.CaptchaController(services),
    )
    // A chunk that failed to load is tried again by the next form.
    controller.catch(() => controllers.delete(services))
    controllers.set(services, controller)
  }
  return controller
}

export interface Captcha {
  /** A solved captcha for one submission; undefined when there is none (off, a bot, or it failed). */
  getToken(): Promise<string | undefined>
  state: CaptchaState
}

/** The proof-of-work captcha for a form: solving starts when the form mounts, so submitting rarely waits. */
export function useCaptcha(enabled: boolean): Captcha {
  const services = useServices()
  const active = enabled && !services.env.isBot
  const [state, setState] = useState<CaptchaState>(active ? 'waiting' : 'off')

  useEffect(() => {
    if (!active) {
      setState('off')
      return
    }
    let release: (() => void) | undefined
    let unmounted = false
    controllerFor(services).then(
      (controller) => {
        if (!unmounted) release = controller.use(setState)
      },
      (error: unknown) => {
        services.logger.log('error', 'LOAD_CAPTCHA_ERROR', error)
        if (!unmounted) setState('failed')
      },
    )
    return () => {
      unmounted = true
      release?.()
    }
  }, [active, services])

  const getToken = useCallback(async () => {
    if (!active) return undefined
    try {
      return await (await controllerFor(services)).getToken()
    } catch {
      // Logged where it failed; the server answers with its own captcha message.
      return undefined
    }
  }, [active, services])

  return { getToken, state }
}

/** Registration sends a captcha only when the captcha is enabled for it (spec §5). */
export function useRegistrationCaptcha(): Captcha {
  return useCaptcha(useProject().data?.captcha.enabled_register ?? false)
}

/**
 * Forms that may carry a captcha (password reminder, confirmation resend): one is attached
 * whenever this installation has a captcha at all (spec §5); the api checks it when given.
 */
export function useOptionalCaptcha(): Captcha {
  return useCaptcha(!!useProject().data?.captcha.site_key)
}
