import {
  fairSource,
  playSlotRound,
  Rng,
  serverSeedHash,
  spinRoulette,
  startBlackjack,
} from '@aurum/games-math'
import type { RunnableGame } from './games.ts'

export interface VerifyInput {
  game?: string
  server_seed?: string
  client_seed?: string
  nonce?: number
  bet_cents?: number
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Recomputes a round from its revealed seeds: the same maths the server played it with. */
export function recompute(
  game: RunnableGame,
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  betCents: number,
) {
  const rng = new Rng(fairSource(serverSeed, clientSeed, nonce))
  const type = game.definition.type
  if (type === 'slot' && game.slot) return playSlotRound(game.slot, rng, betCents)
  if (type === 'roulette') return { result: spinRoulette(rng) }
  if (type === 'blackjack') {
    const state = startBlackjack(rng, betCents)
    return {
      player: state.hands.map((h) => h.cards),
      dealer: state.dealer,
      shoe_top: state.shoe.slice(0, 12),
    }
  }
  return { note: 'Live rounds are recomputed from the table seed shown in the game.' }
}

/**
 * The fairness verifier (DESIGN.md "provably fair"): a plain form (no script) that recomputes any
 * round from the revealed server seed, the client seed and the nonce, and shows the seed's hash to
 * compare with the one shown before the round.
 */
export function verifyPage(all: RunnableGame[], input: VerifyInput): string {
  const game = all.find((g) => g.definition.identifier === input.game)
  let result = ''
  if (game && input.server_seed && input.client_seed && input.nonce !== undefined) {
    const bet = input.bet_cents ?? game.definition.minBetCents
    let body: string
    try {
      body = JSON.stringify(recompute(game, input.server_seed, input.client_seed, input.nonce, bet), null, 2)
    } catch (error) {
      body = (error as Error).message
    }
    result = `<section aria-labelledby="result"><h2 id="result">Result</h2>
<p>SHA-256 of the server seed: <code>${escape(serverSeedHash(input.server_seed))}</code> (compare it with the hash shown before the round).</p>
<pre>${escape(body)}</pre></section>`
  }
  const options = all
    .map(
      (g) =>
        `<option value="${escape(g.definition.identifier)}"${g === game ? ' selected' : ''}>${escape(g.definition.title)}</option>`,
    )
    .join('')
  const value = (v: string | number | undefined) => (v === undefined ? '' : escape(String(v)))
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Verify a round</title>
<style>body{font:16px/1.5 system-ui,sans-serif;background:#0d1020;color:#eef;max-width:60rem;margin:0 auto;padding:1.5rem}
label{display:grid;gap:.25rem;margin:.5rem 0}input,select,button{font:inherit;padding:.5rem;border-radius:.4rem;border:1px solid #667;background:#171b33;color:#eef}
button{background:#f5c542;color:#111;font-weight:700;border:0;cursor:pointer}pre{background:#171b33;padding:1rem;overflow:auto;max-height:30rem}code{word-break:break-all}</style>
</head><body><main>
<h1>Verify a round</h1>
<p>Every outcome comes from HMAC-SHA256(server seed, "client seed:nonce:cursor") turned into numbers by rejection sampling (docs/games.md). Once you rotate your seed, the old server seed is revealed in your round history: enter it here with the round's client seed and nonce to recompute the round.</p>
<form method="get" action="/verify">
<label>Game <select name="game">${options}</select></label>
<label>Server seed (revealed) <input name="server_seed" required maxlength="128" value="${value(input.server_seed)}"></label>
<label>Client seed <input name="client_seed" required maxlength="64" value="${value(input.client_seed)}"></label>
<label>Nonce <input name="nonce" type="number" min="0" required value="${value(input.nonce)}"></label>
<label>Bet (minor units) <input name="bet_cents" type="number" min="1" value="${value(input.bet_cents)}"></label>
<button type="submit">Recompute</button>
</form>${result}</main></body></html>`
}
