/** What the on-ramp provider's widget offers the page once its code has loaded. */
export interface OnrampWidgetHandle {
  submit(): Promise<void>
}

/** Spec §4: the card-provider widget's submit is retried every second until the widget has loaded. */
export const ONRAMP_SUBMIT_RETRY_MS = 1000

/**
 * Submits through the widget as soon as it is there: at once when it has loaded, otherwise again
 * every `intervalMs` until it has. Resolves when the widget's submit has finished; an aborted
 * signal (the modal closed) stops the retries and resolves without submitting.
 */
export function submitWhenReady(
  widget: () => OnrampWidgetHandle | undefined,
  signal: AbortSignal,
  intervalMs = ONRAMP_SUBMIT_RETRY_MS,
): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const stop = () => {
      clearTimeout(timer)
      resolve(false)
    }
    if (signal.aborted) return stop()
    signal.addEventListener('abort', stop, { once: true })
    const attempt = () => {
      const handle = widget()
      if (!handle) {
        timer = setTimeout(attempt, intervalMs)
        return
      }
      signal.removeEventListener('abort', stop)
      handle.submit().then(() => resolve(true), reject)
    }
    attempt()
  })
}
