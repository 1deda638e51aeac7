import { defineJob, type JobDefinition } from '@aurum/db'
import type { TelemetryService } from './service.ts'

/** Client events older than the retention are deleted hourly, on one node. */
export const telemetryJobs = (telemetry: TelemetryService): Array<JobDefinition<never>> => [
  defineJob({
    name: 'telemetry.prune',
    every: 3_600_000,
    run: async ({ clock }) => {
      await telemetry.prune(clock.now())
    },
  }),
]
