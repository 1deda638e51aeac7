import { defineJob, type JobDefinition } from '@aurum/db'
import { CHALLENGE_TTL_MS, type CaptchaService } from './service.ts'

/** Used solutions are forgotten once their challenge has expired, every challenge lifetime, on one node. */
export const captchaJobs = (captcha: CaptchaService): Array<JobDefinition<never>> => [
  defineJob({
    name: 'captcha.prune',
    every: CHALLENGE_TTL_MS,
    run: async ({ clock }) => {
      await captcha.prune(clock.now())
    },
  }),
]
