import { isRetryable } from './errors.ts'

export interface RetryPolicy {
  retries: number
  baseMs: number
  /** Fraction of the delay added at most as random jitter. */
  jitter: number
}

/** Spec §7: up to 6 retries, 100 ms doubled each try plus up to 20 % jitter. */
export const BROWSER_RETRY: RetryPolicy = { retries: 6, baseMs: 100, jitter: 0.2 }

export function retryDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const base = policy.baseMs * 2 ** attempt
  return Math.round(base + base * policy.jitter * random())
}

/**
 * Runs `attempt` and retries it for network errors and timeouts only. Each try is a new
 * call, so its timeout starts afresh.
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  random?: () => number,
): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt()
    } catch (error) {
      if (tries >= policy.retries || !isRetryable(error)) throw error
      await sleep(retryDelay(tries, policy, random))
    }
  }
}
