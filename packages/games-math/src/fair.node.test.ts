import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { fairSource, serverSeedHash } from './fair.ts'
import { hex } from './hmac.ts'
import { spinRoulette } from './roulette.ts'
import { Rng } from './rng.ts'
import { findSlot } from './catalogue.ts'
import { playSlotRound } from './slots/play.ts'

/** The worked example of docs/games.md "Provably fair". */
const EXAMPLE = { serverSeed: 'aurum-example-server-seed', clientSeed: 'lucky-player', nonce: 42 }

describe('fairSource', () => {
  it('streams HMAC-SHA256(serverSeed, clientSeed:nonce:cursor) blocks in cursor order', () => {
    const source = fairSource(EXAMPLE.serverSeed, EXAMPLE.clientSeed, EXAMPLE.nonce)
    const first = hex(source.bytes(32))
    const second = hex(source.bytes(32))
    expect(first).toBe('e0a4f8a131a1e3a3071ff1c6ebf20e6218a13a7c2fe9787f90020f16daa7ed49')
    expect(second).toBe('4faa53301dc262c73e4f98e670b39de4b6a51f0edcf0c20673d9da0924a5aa8f')
    const mac = (cursor: number): string =>
      createHmac('sha256', EXAMPLE.serverSeed)
        .update(`${EXAMPLE.clientSeed}:${EXAMPLE.nonce}:${cursor}`)
        .digest('hex')
    expect(first).toBe(mac(0))
    expect(hex(source.bytes(32))).toBe(mac(2))
  })

  it('yields the same bytes however they are requested', () => {
    const whole = fairSource('s', 'c', 1).bytes(200)
    const pieces = fairSource('s', 'c', 1)
    const joined = new Uint8Array(200)
    let offset = 0
    for (const size of [1, 3, 4, 28, 40, 64, 60]) {
      joined.set(pieces.bytes(size), offset)
      offset += size
    }
    expect(hex(joined)).toBe(hex(whole))
  })

  it('is deterministic per (server seed, client seed, nonce) and differs otherwise', () => {
    const draw = (serverSeed: string, clientSeed: string, nonce: number): string =>
      hex(fairSource(serverSeed, clientSeed, nonce).bytes(64))
    expect(draw('a', 'b', 0)).toBe(draw('a', 'b', 0))
    expect(draw('a', 'b', 0)).not.toBe(draw('a', 'b', 1))
    expect(draw('a', 'b', 0)).not.toBe(draw('a', 'c', 0))
    expect(draw('a', 'b', 0)).not.toBe(draw('z', 'b', 0))
    expect(() => fairSource('a', 'b', -1)).toThrow(RangeError)
  })

  it('decides the worked example: roulette pocket 25', () => {
    const rng = new Rng(fairSource(EXAMPLE.serverSeed, EXAMPLE.clientSeed, EXAMPLE.nonce))
    // First word 0xe0a4f8a1 = 3,768,907,937 < 4,294,967,289 (the limit for 37): 3,768,907,937 mod 37 = 25.
    expect(spinRoulette(rng)).toBe(25)
    expect(rng.draws).toBe(1)
  })

  it('decides the worked example: Sunstone Dynasty at nonce 43', () => {
    const rng = new Rng(fairSource(EXAMPLE.serverSeed, EXAMPLE.clientSeed, 43))
    const round = playSlotRound(findSlot('sunstone-dynasty')!, rng, 100)
    const [spin] = round.spins
    // Words 2441838322, 2173995167, 691091374, 3298236208, 998713802 modulo the strip lengths 41, 41, 45, 46, 40.
    expect(spin!.stops).toEqual([10, 15, 4, 6, 2])
    expect(spin!.grid[1]).toEqual(['queen', 'wild', 'eye'])
    // Line 16 (rows 0, 1, 1, 1, 0): king, wild, king: 5 coins × wild 2 × 5 cents.
    expect(spin!.wins).toEqual([
      {
        kind: 'line',
        line: 15,
        symbol: 'king',
        count: 3,
        winCents: 50,
        positions: [
          [0, 0],
          [1, 1],
          [2, 1],
        ],
      },
    ])
    expect(round.winCents).toBe(50)
  })

  it('publishes the SHA-256 of the server seed', () => {
    expect(serverSeedHash(EXAMPLE.serverSeed)).toBe(
      '1a33cf9537da7622abc750b9e66135452838522e4b3d610d565168a2998cb7d9',
    )
  })
})
