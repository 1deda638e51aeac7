/**
 * Named points where the crash test makes a server die (TEST_FAULT_POINT, refused in production):
 * `deposit_sending` before the provider is asked for a deposit, `deposit_answered` after it
 * answered and before the answer is recorded; `payout_sending` and `payout_answered` the same
 * for the payout of a withdrawal the operator approved.
 */
export const FAULT_POINTS = [
  'deposit_sending',
  'deposit_answered',
  'payout_sending',
  'payout_answered',
] as const
export type FaultPoint = (typeof FAULT_POINTS)[number]

/** The hook that kills this process at `point` with SIGKILL: no cleanup, no drain, as a crash. */
export function killAt(point: FaultPoint): (at: FaultPoint) => void {
  return (at) => {
    if (at === point) process.kill(process.pid, 'SIGKILL')
  }
}
