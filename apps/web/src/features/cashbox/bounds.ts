import type { PaymentsMethod } from './payments-lib/types.ts'

/**
 * Cashbox amount bounds (spec §5): the selected method's min and max; with none selected, the
 * minimum over all methods (crypto methods left out for a player without a crypto currency, 0
 * when there are none) and the maximum over all methods (or infinity).
 */
export function amountBounds(
  methods: readonly PaymentsMethod[],
  selected: PaymentsMethod | undefined,
  hasCryptoCurrency: boolean,
): { min: number; max: number } {
  if (selected) return { min: selected.min_amount_cents, max: selected.max_amount_cents }
  const usable = methods.filter((m) => hasCryptoCurrency || m.type !== 'crypto')
  return {
    min: usable.length ? Math.min(...usable.map((m) => m.min_amount_cents)) : 0,
    max: methods.length ? Math.max(...methods.map((m) => m.max_amount_cents)) : Infinity,
  }
}

/** The method the methods step starts with: the first saved card's method, else the first method. */
export function initialChoice(
  methods: readonly PaymentsMethod[],
): { methodId: string; savedProfileId?: string } | undefined {
  const withProfile = methods.find((m) => m.savedProfiles.length > 0)
  if (withProfile) return { methodId: withProfile.id, savedProfileId: withProfile.savedProfiles[0]!.id }
  return methods[0] && { methodId: methods[0].id }
}

/** Methods the one-click deposit can run straight away: not crypto (coins are sent, not submitted) nor the on-ramp. */
const oneClick = (m: PaymentsMethod) => m.type !== 'crypto' && m.id !== 'card_provider'

/**
 * What the one-click deposit (spec §2 /deposit-fast) pays with: the player's saved card (the one
 * of the last deposit's method first), else the method of the last deposit; undefined when the
 * player has neither, and the normal flow starts at the method step.
 */
export function fastDepositChoice(
  methods: readonly PaymentsMethod[],
  lastMethodId: string | undefined,
): { methodId: string; savedProfileId?: string } | undefined {
  const usable = methods.filter(oneClick)
  const withProfile =
    usable.find((m) => m.id === lastMethodId && m.savedProfiles.length > 0) ??
    usable.find((m) => m.savedProfiles.length > 0)
  if (withProfile) return { methodId: withProfile.id, savedProfileId: withProfile.savedProfiles[0]!.id }
  const last = usable.find((m) => m.id === lastMethodId && !m.isForSavedProfilesOnly)
  return last && { methodId: last.id }
}
