import { describe, expect, it } from 'vitest'
import type { SlotConfig, SlotRound, SlotSpin } from '@aurum/games-math/slots/types'
import { freeSpinPlan, freeSpinsOf, linePoints, paysAt, paytableOrder, waysOf, winLevel } from './round.ts'

const config = {
  id: 'test',
  title: 'Test',
  studio: 'goldfinch',
  theme: 'egypt',
  rows: 3,
  reels: [],
  mode: { kind: 'lines', lines: [[1, 1, 1, 1, 1]] },
  coinsPerBet: 20,
  symbols: {
    ten: { icon: 'ten', kind: 'low', pays: [3, 11, 32] },
    eye: { icon: 'eye', kind: 'high', pays: [21, 105, 421] },
    wild: { icon: 'wild', kind: 'wild', pays: [44, 353, 2649] },
    scatter: { icon: 'sun', kind: 'scatter', pays: [0, 0, 0] },
  },
  wild: { symbol: 'wild', multiplier: 2 },
  scatter: { symbol: 'scatter', pays: [2, 10, 50], freeSpins: [10, 15, 20], multiplier: 2, retrigger: true },
  volatility: 'medium',
  targetRtp: 0.94,
} satisfies SlotConfig

const spin = (scatters: number, free = false): SlotSpin => ({
  free,
  stops: [0, 0, 0, 0, 0],
  grid: [0, 1, 2, 3, 4].map((reel) => ['ten', reel < scatters ? 'scatter' : 'eye', 'ten']),
  wins:
    scatters >= 3
      ? [{ kind: 'scatter', symbol: 'scatter', count: scatters, winCents: 100, positions: [] }]
      : [],
  winCents: scatters >= 3 ? 100 : 0,
  multiplier: free ? 2 : 1,
})

const round = (spins: SlotSpin[]): SlotRound => ({
  betCents: 20,
  winCents: 0,
  spins,
  freeSpinsAwarded: spins.length - 1,
})

describe('slot round helpers', () => {
  it('reads the free spins a spin awarded from its scatters', () => {
    expect(freeSpinsOf(config, spin(2))).toBe(0)
    expect(freeSpinsOf(config, spin(3))).toBe(10)
    expect(freeSpinsOf(config, spin(4))).toBe(15)
    expect(freeSpinsOf(config, spin(5))).toBe(20)
  })

  it('counts free spins as they are played, retriggers included', () => {
    const frees = Array.from({ length: 20 }, (_, i) => spin(i === 4 ? 3 : 0, true))
    const plan = freeSpinPlan(config, round([spin(3), ...frees]))
    expect(plan).toHaveLength(20)
    expect(plan[0]).toEqual({ n: 1, total: 10, added: 0 })
    expect(plan[4]).toEqual({ n: 5, total: 10, added: 10 })
    expect(plan[5]).toEqual({ n: 6, total: 20, added: 0 })
    expect(plan[19]).toEqual({ n: 20, total: 20, added: 0 })
    expect(freeSpinPlan(config, round([spin(1)]))).toEqual([])
  })

  it('never shows more spins than were played, nor fewer than the current one', () => {
    const capped = freeSpinPlan(config, round([spin(3), spin(0, true), spin(0, true)]))
    expect(capped.map((s) => s.total)).toEqual([2, 2])
    const noScatterWin = freeSpinPlan(config, round([spin(0), spin(0, true), spin(0, true), spin(0, true)]))
    expect(noScatterWin.map((s) => s.total)).toEqual([3, 3, 3])
  })

  it('prices the paytable at the current bet', () => {
    expect(paysAt(config, 'eye', 200)).toEqual([210, 1050, 4210])
    expect(paysAt(config, 'scatter', 200)).toEqual([400, 2000, 10000])
    expect(paysAt(config, 'nothing', 200)).toEqual([])
  })

  it('orders the paytable wild, scatter, then by value', () => {
    expect(paytableOrder(config)).toEqual(['wild', 'scatter', 'eye', 'ten'])
  })

  it('draws lines through cell centres and knows the ways', () => {
    expect(linePoints([0, 1, 2, 1, 0])).toEqual([
      [0.5, 0.5],
      [1.5, 1.5],
      [2.5, 2.5],
      [3.5, 1.5],
      [4.5, 0.5],
    ])
    expect(waysOf(3)).toBe(243)
    expect(waysOf(4)).toBe(1024)
  })

  it('grades wins against the bet', () => {
    expect(winLevel(0, 100)).toBe('none')
    expect(winLevel(500, 100)).toBe('win')
    expect(winLevel(1500, 100)).toBe('big')
    expect(winLevel(5000, 100)).toBe('mega')
  })
})
