import fs from 'node:fs'
import path from 'node:path'
import type { RunnableGame } from './games.ts'

/** Where the built game clients are (npm run build -w @aurum/games). */
export const CLIENT_DIR = path.join(import.meta.dirname, '../dist/client')

/** Languages the game clients speak (the casino's 13); others fall back to English. */
const LANGUAGES = new Set([
  'en',
  'en-AU',
  'en-CA',
  'en-IE',
  'en-NZ',
  'de',
  'es-MX',
  'et',
  'fi',
  'fr-CA',
  'ja',
  'no',
  'pt-BR',
])

interface ManifestEntry {
  file: string
  name?: string
  isEntry?: boolean
  css?: string[]
}

let manifest: ManifestEntry[] | undefined
/** The built entry of a client (Vite's manifest names entries by their input name). */
function entry(name: string): ManifestEntry | undefined {
  manifest ??= Object.values(
    JSON.parse(fs.readFileSync(path.join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      ManifestEntry
    >,
  )
  return manifest.find((e) => e.isEntry && e.name === name)
}

const strings = new Map<string, unknown>()
/** The `game_client` section of a locale bundle, read once per language. */
function clientStrings(lang: string): unknown {
  let found = strings.get(lang)
  if (!found) {
    const file = path.join(import.meta.dirname, '../../../packages/shared/src/locales', `${lang}.json`)
    found = (JSON.parse(fs.readFileSync(file, 'utf8')) as { game_client?: unknown }).game_client ?? {}
    strings.set(lang, found)
  }
  return found
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The client's type: live roulette uses the roulette client in its live mode. */
export function clientOf(game: RunnableGame): 'slot' | 'roulette' | 'blackjack' {
  const type = game.definition.type
  return type === 'slot' ? 'slot' : type === 'blackjack' ? 'blackjack' : 'roulette'
}

/** What the client needs to draw and explain the game (GLI-19: rules, paytable, RTP, max win). */
export function bootData(game: RunnableGame, launch: { token: string } | { demo: true }, lang: string) {
  const d = game.definition
  return {
    identifier: d.identifier,
    title: d.title,
    studio: d.studio,
    type: d.type,
    theme: d.theme,
    rtp: d.rtp,
    volatility: d.volatility,
    max_win_x: d.maxWinX,
    hit_rate: d.hitRate,
    min_bet_cents: d.minBetCents,
    max_bet_cents: d.maxBetCents,
    lines: d.lines,
    ways: d.ways,
    lang: LANGUAGES.has(lang) ? lang : 'en',
    // The client's words in the player's language (packages/shared/src/locales, `game_client`).
    strings: clientStrings(LANGUAGES.has(lang) ? lang : 'en'),
    launch,
    slot: game.slot,
  }
}

/** The game page in the casino's frame: a shell that loads its client with the boot data. */
export function gamePage(
  game: RunnableGame,
  launch: { token: string } | { demo: true },
  lang: string,
): string {
  const client = clientOf(game)
  const built = entry(client)
  if (!built) throw new Error(`game client ${client} is not built`)
  const boot = JSON.stringify(bootData(game, launch, lang)).replace(/</g, '\\u003c')
  const css = (built.css ?? []).map((href) => `<link rel="stylesheet" href="/client/${href}">`).join('')
  return `<!doctype html>
<html lang="${escape(LANGUAGES.has(lang) ? lang : 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(game.definition.title)}</title>
${css}
</head>
<body>
<main id="game" aria-label="${escape(game.definition.title)}"></main>
<script id="boot" type="application/json">${boot}</script>
<script type="module" src="/client/${built.file}"></script>
</body>
</html>`
}
