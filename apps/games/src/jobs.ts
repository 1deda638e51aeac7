import { defineJob, type JobDefinition } from '@aurum/db'
import type { Rounds } from './rounds.ts'

/** The game server's job table (its own, as all its tables: `gs_`). */
export const GAME_SERVER_JOBS_TABLE = 'gs_jobs'

/**
 * The game server's scheduled work, each slot run by one node: the settler (lost answers, wins
 * not delivered, rounds left open) every 5 s, and the live tables' payouts every 2 s (a table's
 * round ends every few seconds and its players wait for their win).
 */
export const gameServerJobs = (
  rounds: Rounds,
  settleLive: () => Promise<void>,
): Array<JobDefinition<never>> => [
  defineJob({
    name: 'rounds.settle',
    every: 5_000,
    // A pass that fails is simply the next slot's work: no retries to pile up behind it.
    maxAttempts: 1,
    leaseMs: 60_000,
    run: async () => {
      await rounds.settle()
    },
  }),
  defineJob({
    name: 'live.settle',
    every: 2_000,
    maxAttempts: 1,
    leaseMs: 60_000,
    run: settleLive,
  }),
]
