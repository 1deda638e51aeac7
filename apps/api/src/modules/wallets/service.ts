import type { Database, Executor } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { t } from '../../lib/i18n.ts'
import type { Locale } from '@aurum/shared'
import type { Ledger } from '../ledger/index.ts'
import { WalletsRepository, type WalletRow } from './repository.ts'
import type { CompatibleAccount, PlayerStats, UserAccount } from '@aurum/shared/contracts/wallets'

/** A wallet as the client reads it (IUserAccount, api-shapes §3.2), the older shape, the stats. */
export type { CompatibleAccount, PlayerStats, UserAccount }

/**
 * Opens the player's wallet in a currency (its real and bonus ledger accounts), inside the
 * caller's transaction; with `activate` it becomes the active wallet and the profile's currency.
 */
export async function openWallet(
  tx: Executor,
  ledger: Ledger,
  userId: bigint,
  currency: string,
  activate: boolean,
): Promise<void> {
  const real = await ledger.accountId(tx, { user: userId, kind: 'player_real', currency })
  const bonus = await ledger.accountId(tx, { user: userId, kind: 'player_bonus', currency })
  await WalletsRepository.upsertWallet(tx, userId, currency, real, bonus)
  if (!activate) return
  await WalletsRepository.activateWallet(tx, userId, currency)
  await WalletsRepository.setProfileCurrency(tx, userId, currency)
}

const toNumber = (value: bigint) => Number(value)

/** The player's wallets: balances come from the ledger accounts, never from a copy. */
export class WalletService {
  private repo: WalletsRepository

  constructor(
    private db: Database,
    readonly ledger: Ledger,
  ) {
    this.repo = new WalletsRepository(db)
  }

  async list(userId: bigint): Promise<UserAccount[]> {
    const rows = await this.rows(userId)
    return rows.map((w) => ({
      currency: w.currency,
      amount_cents: toNumber(w.real + w.bonus),
      // Bonus money is wagered before it can be paid out; real money can always be.
      available_to_cashout_cents: toNumber(w.real),
      available_to_bet_with_locked_cent: toNumber(w.real + w.bonus),
      hidden_at: w.hidden_at?.toISOString() ?? null,
      deposit_available: true,
      selected_lottery_id: 0,
      active: w.active,
    }))
  }

  async listCompatible(userId: bigint): Promise<CompatibleAccount[]> {
    return (await this.rows(userId)).map((w) => ({
      currency: w.currency,
      amount_cents: toNumber(w.real + w.bonus),
      available_to_cashout_cents: toNumber(w.real),
      wager_status: w.bonus > 0n ? 'wagering' : 'none',
    }))
  }

  /** POST /api/player/accounts: opens the wallet if needed and makes it the active one. */
  async select(userId: bigint, currency: string, locale: Locale): Promise<UserAccount> {
    if (!(await this.repo.currencyExists(currency))) {
      throw new AppError('validation_failed', 422, {
        currency: [t(locale, 'validation.one_of', { field: t(locale, 'fields.currency') })],
      })
    }
    await this.db.transaction((tx) => openWallet(tx, this.ledger, userId, currency, true))
    return (await this.list(userId)).find((w) => w.currency === currency)!
  }

  /** GET /api/player/stats: counts and sums from the ledger's transactions, per currency of the player's wallets. */
  async stats(userId: bigint): Promise<PlayerStats> {
    const wallets = await this.rows(userId)
    const sums = await this.repo.playerTotals(userId)
    const perCurrency = (kind: string) => {
      const map: Record<string, number> = Object.fromEntries(wallets.map((w) => [w.currency, 0]))
      for (const row of sums.filter((r) => r.kind === kind)) map[row.currency] = Math.abs(toNumber(row.total))
      return map
    }
    return {
      deposits_count: sums.filter((r) => r.kind === 'deposit').reduce((n, r) => n + toNumber(r.n), 0),
      deposits_sum: perCurrency('deposit'),
      cashouts_sum: perCurrency('cashout'),
      bets_sum: perCurrency('bet'),
      messages: { notice: '' },
    }
  }

  private rows(userId: bigint): Promise<WalletRow[]> {
    return this.repo.walletsOf(userId)
  }
}
