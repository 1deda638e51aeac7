import type { RoundDetails } from '@aurum/game-protocol/round-details'
import type { AdminGame, AdminGameUpdateBody, AdminRound } from '@aurum/shared/contracts/admin-games'
import type { Database } from '../../db/client.ts'
import type { CacheBus } from '../../lib/cache-bus.ts'
import { AppError } from '../../lib/errors.ts'
import type { Clock } from '@aurum/db'
import type { AuditLog, StaffContext } from '../audit/service.ts'
import { GAME_PROVIDER } from './constants.ts'
import {
  CatalogueAdminRepository,
  type AdminGameFilter,
  type AdminGameRow,
  type AdminGameSort,
  type AdminRoundFilter,
} from './admin-data/repository.ts'

export type { AdminGameFilter, AdminGameSort, AdminRoundFilter } from './admin-data/repository.ts'

/** The fields of a game an operator may change, as the audit log records them. */
const FIELDS = [
  'enabled',
  'position',
  'categories',
  'badges',
  'allowed_countries',
  'blocked_countries',
] as const
/** The fields the start-up sync derives, and keeps once an operator set them. */
const CURATED = new Set(['position', 'categories', 'badges'])

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

function present(row: AdminGameRow): AdminGame {
  return {
    id: Number(row.id),
    identifier: row.identifier,
    title: row.title,
    provider: row.provider,
    type: row.type,
    enabled: row.enabled,
    position: row.position,
    categories: row.categories,
    badges: row.badges,
    allowed_countries: row.allowed_countries,
    blocked_countries: row.blocked_countries,
    rtp: Number(row.rtp),
    has_demo: row.has_demo,
    released_at: String(row.released_at).slice(0, 10),
    curated: row.curated,
  }
}

/** The provably fair data of rounds, asked of the game server (history/round-fairness.ts). */
export type FairnessSource = (roundIds: string[]) => Promise<Map<string, RoundDetails> | null>

/**
 * The back office's games (docs/backoffice.md "Games"): the catalogue with filters, a game's
 * enabled flag, place, categories, badges and countries, each change audited in its transaction
 * and announced to every node's caches once committed (like Catalogue.setGameEnabled); the rounds
 * the wallet recorded, with their fairness data from the game server.
 */
export class CatalogueAdmin {
  private repo: CatalogueAdminRepository

  constructor(
    private db: Database,
    private caches: CacheBus,
    private audit: AuditLog,
    private fairness: FairnessSource,
    private clock: Clock,
  ) {
    this.repo = new CatalogueAdminRepository(db)
  }

  async list(
    filter: AdminGameFilter,
    sort: { by: AdminGameSort; direction: 'asc' | 'desc' },
    page: { page: number; perPage: number },
  ): Promise<{ data: AdminGame[]; total: number }> {
    const [total, rows] = await Promise.all([
      this.repo.count(filter),
      this.repo.page(filter, sort.by, sort.direction, page.perPage, (page.page - 1) * page.perPage),
    ])
    return { data: rows.map(present), total }
  }

  /** Every game the filter finds, for the CSV export (the catalogue is a few hundred games). */
  async all(filter: AdminGameFilter, sort: { by: AdminGameSort; direction: 'asc' | 'desc' }) {
    return (await this.repo.page(filter, sort.by, sort.direction, null, 0)).map(present)
  }

  async get(id: bigint): Promise<AdminGame | undefined> {
    const row = await this.repo.byId(this.db, id)
    return row && present(row)
  }

  /**
   * Changes a game; the audit entry `game.updated` holds the fields changed, before and after.
   * Categories must exist; a country cannot be both allowed and blocked (422 per field). Undefined
   * when there is no such game; a change that changes nothing is not recorded.
   */
  async update(ctx: StaffContext, id: bigint, change: AdminGameUpdateBody): Promise<AdminGame | undefined> {
    const updated = await this.db.transaction(async (tx) => {
      const game = await this.repo.byId(tx, id, true)
      if (!game) return undefined
      const next = { ...game }
      for (const field of FIELDS) {
        const value = change[field]
        if (value !== undefined) (next as Record<string, unknown>)[field] = value
      }
      const errors: Record<string, string[]> = {}
      if (change.categories) {
        if ((await this.repo.unknownCategories(tx, change.categories)).length)
          errors.categories = ['validation.one_of']
      }
      if (next.allowed_countries.some((c) => next.blocked_countries.includes(c))) {
        errors[change.blocked_countries ? 'blocked_countries' : 'allowed_countries'] = [
          'validation.country_both',
        ]
      }
      if (Object.keys(errors).length) throw new AppError('validation_failed', 422, errors)
      const changed = FIELDS.filter((f) => !sameValue(game[f], next[f]))
      if (!changed.length) return { row: game, changed }
      next.curated = [...new Set([...game.curated, ...changed.filter((f) => CURATED.has(f))])].sort()
      await this.repo.update(tx, id, next)
      // A game taken out stops taking bets at once, also in the frames already open: its open
      // sessions close (a round in flight is still paid, as after a self-exclusion).
      const closed =
        game.enabled && !next.enabled ? await this.repo.closeSessions(tx, id, this.clock.now()) : 0
      await this.audit.record(tx, {
        actor: ctx.actor,
        action: 'game.updated',
        target: { type: 'game', id: game.identifier },
        before: Object.fromEntries(changed.map((f) => [f, game[f]])),
        after: {
          ...Object.fromEntries(changed.map((f) => [f, next[f]])),
          ...(closed ? { sessions_closed: closed } : {}),
        },
        reason: change.reason || undefined,
        request: ctx.request,
      })
      return { row: next, changed }
    })
    if (!updated) return undefined
    // Players see it at once: the lobby reads the catalogue uncached, the renders' caches listen.
    if (updated.changed.length) await this.caches.invalidate({ scope: 'catalogue' })
    return present(updated.row)
  }

  /** A page of the rounds, newest first, with their fairness data (null when the game server does not answer). */
  async rounds(
    filter: AdminRoundFilter,
    page: { page: number; perPage: number },
  ): Promise<{ data: AdminRound[]; total: number; fairnessAvailable: boolean }> {
    const [total, rows] = await Promise.all([
      this.repo.countRounds(filter),
      this.repo.rounds(filter, page.perPage, (page.page - 1) * page.perPage),
    ])
    const ours = rows.filter((r) => r.wallet_provider === GAME_PROVIDER).map((r) => r.round_id)
    const details = ours.length ? await this.fairness(ours) : new Map<string, RoundDetails>()
    return {
      total,
      fairnessAvailable: details !== null,
      data: rows.map((r) => {
        const d = r.wallet_provider === GAME_PROVIDER ? details?.get(r.round_id) : undefined
        return {
          id: r.id.toString(),
          round_id: r.round_id,
          player_id: r.user_id.toString(),
          game: r.identifier,
          title: r.title,
          provider: r.provider,
          currency: r.currency,
          total_bets_cents: r.total_bets.toString(),
          total_wins_cents: r.total_wins.toString(),
          status: r.status,
          created_at: r.created_at.toISOString(),
          finished_at: r.finished_at?.toISOString() ?? null,
          fairness: d
            ? {
                server_seed_hash: d.server_seed_hash,
                client_seed: d.client_seed,
                nonce: d.nonce,
                server_seed: d.server_seed,
                verify_path: d.verify_path,
              }
            : null,
        }
      }),
    }
  }
}
