import { describe, expect, it } from 'vitest'
import { GAMES, findGame, findSlot } from '../catalogue.ts'
import { SLOTS } from './configs.ts'
import { slotMath, slotReturn } from './math.ts'
import { SLOT_STATS } from './stats.ts'
import { ICONS, STUDIOS, THEMES, type StudioId } from './types.ts'
import { validateSlotConfig } from './validate.ts'

describe('the catalogue slots', () => {
  it('are valid configurations of 5 reels with known symbols, icons and themes', () => {
    for (const config of SLOTS) {
      expect(validateSlotConfig(config)).toEqual([])
      expect(config.reels).toHaveLength(5)
      for (const strip of config.reels) for (const name of strip) expect(config.symbols).toHaveProperty(name)
      for (const symbol of Object.values(config.symbols)) expect(ICONS).toContain(symbol.icon)
      expect(THEMES).toContain(config.theme)
    }
  })

  it('number at least 40, 10 or more from each of the 4 studios, with distinct ids and titles', () => {
    expect(SLOTS.length).toBeGreaterThanOrEqual(40)
    const studios = Object.keys(STUDIOS) as StudioId[]
    expect(studios).toHaveLength(4)
    for (const studio of studios)
      expect(SLOTS.filter((config) => config.studio === studio).length).toBeGreaterThanOrEqual(10)
    expect(new Set(SLOTS.map((config) => config.id)).size).toBe(SLOTS.length)
    expect(new Set(SLOTS.map((config) => config.title)).size).toBe(SLOTS.length)
    // No two slots share their reels or their symbol set.
    expect(new Set(SLOTS.map((config) => JSON.stringify(config.reels))).size).toBe(SLOTS.length)
  })

  it('mix 10, 20 and 25 lines with 243 and 1,024 ways, 3 and 4 rows, and every volatility', () => {
    const kinds = new Set(
      SLOTS.map((config) =>
        config.mode.kind === 'lines' ? `${config.mode.lines.length} lines` : `${config.rows ** 5} ways`,
      ),
    )
    expect([...kinds].sort()).toEqual(['10 lines', '1024 ways', '20 lines', '243 ways', '25 lines'])
    expect(new Set(SLOTS.map((config) => config.rows))).toEqual(new Set([3, 4]))
    for (const volatility of ['low', 'medium', 'high'] as const) {
      expect(SLOTS.filter((config) => config.volatility === volatility).length).toBeGreaterThanOrEqual(10)
    }
    expect(new Set(SLOTS.map((config) => config.theme)).size).toBe(THEMES.length)
  })

  it('return between 94 % and 97 %, within 0.05 % of their targets, spread over the range', () => {
    const rtps = SLOTS.map((config) => {
      const { rtp } = slotReturn(config)
      expect(rtp, config.id).toBeGreaterThanOrEqual(0.94 - 0.0005)
      expect(rtp, config.id).toBeLessThanOrEqual(0.97 + 0.0005)
      expect(Math.abs(rtp - config.targetRtp), config.id).toBeLessThanOrEqual(0.0005)
      expect(config.targetRtp).toBeGreaterThanOrEqual(0.94)
      expect(config.targetRtp).toBeLessThanOrEqual(0.97)
      return rtp
    })
    expect(Math.min(...rtps)).toBeLessThan(0.945)
    expect(Math.max(...rtps)).toBeGreaterThan(0.965)
    expect(new Set(SLOTS.map((config) => config.targetRtp)).size).toBe(SLOTS.length)
  })

  it('have precomputed statistics equal to slotMath', () => {
    for (const config of SLOTS) {
      const math = slotMath(config)
      const stats = SLOT_STATS[config.id]!
      expect(stats.rtp, config.id).toBeCloseTo(math.rtp, 12)
      expect(stats.hitRate, config.id).toBeCloseTo(math.hitRate, 12)
      expect(stats.maxWinX, config.id).toBe(math.maxWinX)
    }
  }, 30_000)
})

describe('GAMES', () => {
  it('lists every slot plus European Roulette, Blackjack and Live Roulette', () => {
    expect(GAMES).toHaveLength(SLOTS.length + 3)
    expect(new Set(GAMES.map((game) => game.identifier)).size).toBe(GAMES.length)
    expect(new Set(GAMES.map((game) => game.slug)).size).toBe(GAMES.length)
    expect(findGame('aurum-tables:european-roulette')).toMatchObject({
      type: 'roulette',
      rtp: 36 / 37,
      hasDemo: true,
    })
    expect(findGame('blackjack')).toMatchObject({ type: 'blackjack', studio: 'aurum-tables' })
    expect(findGame('aurum-live:live-roulette')).toMatchObject({
      type: 'live_roulette',
      studio: 'aurum-live',
      hasDemo: false,
    })
  })

  it('describes each slot from its configuration', () => {
    for (const config of SLOTS) {
      const game = findGame(`${config.studio}:${config.id}`)!
      expect(game).toMatchObject({
        slug: config.id,
        title: config.title,
        type: 'slot',
        theme: config.theme,
        volatility: config.volatility,
      })
      expect(findSlot(game.slug)).toBe(config)
      expect(game.rtp).toBe(SLOT_STATS[config.id]!.rtp)
      expect(game.lines ?? game.ways).toBe(
        config.mode.kind === 'lines' ? config.mode.lines.length : config.rows ** 5,
      )
      expect(game.minBetCents % config.coinsPerBet).toBe(0)
      expect(game.maxBetCents % config.coinsPerBet).toBe(0)
      expect(game.maxBetCents).toBeGreaterThan(game.minBetCents)
      expect(game.hitRate).toBeGreaterThan(0)
      expect(game.maxWinX).toBeGreaterThan(1)
    }
  })
})
