import type { RgLimit } from '@aurum/shared/contracts/admin-rg'

/** A limit's kind and period (or lifetime) as message keys of the players' limit tab. */
export function limitKeys(limit: Pick<RgLimit, 'type' | 'period' | 'lifetime'>) {
  return {
    type: `players.limits.types.${limit.type}`,
    period: `players.limits.periods.${limit.period ?? limit.lifetime ?? ''}`,
  }
}
