// The games module's rules that its services and its repository share (imported by both, so that
// neither imports the other's file for them).

/** The game server's name in the wallet's records (ledger keys, transactions, rounds). */
export const GAME_PROVIDER = 'aurum-games'
/** A launch token is good for this long, once. */
export const LAUNCH_TOKEN_TTL_MS = 60_000
/** A game session that has seen no call for this long takes no more bets. */
export const SESSION_IDLE_MS = 30 * 60_000
/** A round is a notable win when it paid at least this many times its bets (the feed's rule). */
export const NOTABLE_MULTIPLIER = 10
