/** The player's payment queries (methods, history…): player-scoped, so signing out drops them. */
export const PAYMENTS_KEY = ['player', 'payments'] as const
