// `npx tsx scripts/render-art.ts`: renders the game artwork of @aurum/game-art into /tmp/game-art/
// (a contact sheet of every symbol in three themes, a preview tile for each theme and the table
// games) as HTML pages, and screenshots them to PNG with Debian's Chromium when it is installed.
// The output is for looking at while working on the drawings; it is never committed.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {
  ICONS,
  THEMES,
  previewSvg,
  studioLogoSvg,
  svgProblems,
  symbolSvg,
  type IconId,
  type PreviewGame,
  type ThemeId,
} from '@aurum/game-art'

const OUT = process.env.GAME_ART_OUT ?? '/tmp/game-art'
const CHROMIUM = '/usr/bin/chromium'
const SHEET_THEMES: ThemeId[] = (process.env.GAME_ART_THEMES?.split(',') as ThemeId[] | undefined) ?? [
  'egypt',
  'candy',
  'pirates',
]

fs.mkdirSync(OUT, { recursive: true })

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><style>
body{margin:0;padding:16px;background:#14121c;color:#ddd;font:12px system-ui,sans-serif}
h2{margin:12px 0 6px;font-size:15px}
.grid{display:flex;flex-wrap:wrap;gap:6px}
.cell{display:flex;flex-direction:column;align-items:center;width:92px}
.cell span{font-size:10px;opacity:.7}
.tiles{display:grid;grid-template-columns:repeat(4,320px);gap:12px}
.tiles svg{width:320px;height:240px;border-radius:12px}
</style></head><body>${body}</body></html>`
}

function screenshot(name: string, width: number, height: number): void {
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`no ${CHROMIUM}: open ${OUT}/${name}.html yourself`)
    return
  }
  const result = spawnSync(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--hide-scrollbars',
      `--screenshot=${path.join(OUT, `${name}.png`)}`,
      `--window-size=${width},${height}`,
      `file://${path.join(OUT, `${name}.html`)}`,
    ],
    { stdio: 'ignore', timeout: 60_000 },
  )
  console.log(`${OUT}/${name}.png ${result.status === 0 ? 'written' : `failed (${String(result.status)})`}`)
}

/** Sample games: one per theme, with titles of every length, then the table games. */
const SAMPLE: Record<ThemeId, [string, IconId[]]> = {
  egypt: ['Sands of Ra', ['pyramid', 'scarab', 'eye', 'ankh']],
  fruits: ['Fruit Fiesta Deluxe', ['cherry', 'watermelon', 'lemon']],
  ocean: ['Pearl Reef', ['pearl', 'fish', 'shell']],
  space: ['Cosmic Voyager: Beyond the Event Horizon', ['rocket', 'planet', 'alien']],
  dragons: ['Dragon Hoard', ['dragon', 'gem', 'coin']],
  vikings: ['Valhalla Raiders', ['helmet', 'shield', 'ship', 'anchor']],
  jungle: ['Jungle King', ['tiger', 'lion', 'elephant']],
  candy: ['Sugar Rush', ['candy', 'cupcake']],
  pirates: ["Tom & Jerry's <Gold>", ['skull', 'treasure_chest', 'ship']],
  wild_west: ['Sheriff of Dust Creek', ['sheriff_star', 'cactus', 'horseshoe']],
  aztec: ['Temple of Quetzalcoatl', ['mask', 'sun', 'totem']],
  lucky_clover: ['Lucky Leprechaun Riches', ['clover', 'pot_of_gold', 'horseshoe', 'coin']],
  olympus: ['Gates of Olympus', ['crown', 'shield', 'helmet']],
  safari: ['Savanna Sunset', ['lion', 'elephant']],
  arctic: ['Frozen Fortune', ['penguin', 'snowflake', 'diamond']],
  samurai: ['Way of the Blade', ['lantern', 'mask', 'shield']],
  classic_sevens: ['Hot 777', ['seven', 'bar', 'bell', 'cherry']],
  halloween: ['Pumpkin Night', ['pumpkin', 'ghost', 'bat']],
  gems: ['Gem Cascade', ['gem', 'diamond', 'star']],
  fairy_forest: ['Enchanted Glade', ['mushroom', 'flower', 'moon']],
}
const STUDIOS = ['Aurum Originals', 'Golden Fox Studio', 'Lumen Play']

const games: PreviewGame[] = THEMES.map((theme, i) => ({
  identifier: `aurum-${theme}`,
  title: SAMPLE[theme][0],
  studio: STUDIOS[i % STUDIOS.length]!,
  theme,
  icons: SAMPLE[theme][1],
}))
games.push(
  {
    identifier: 'aurum-egypt-2',
    title: 'Sands of Ra II',
    studio: 'Aurum Originals',
    theme: 'egypt',
    icons: ['sun', 'pyramid'],
  },
  {
    identifier: 'aurum-roulette',
    title: 'European Roulette',
    studio: 'Aurum Originals',
    theme: 'classic_sevens',
    icons: [],
    kind: 'roulette',
  },
  {
    identifier: 'aurum-live-roulette',
    title: 'Live Roulette',
    studio: 'Aurum Live',
    theme: 'olympus',
    icons: [],
    kind: 'live_roulette',
  },
  {
    identifier: 'aurum-blackjack',
    title: 'Blackjack',
    studio: 'Aurum Originals',
    theme: 'lucky_clover',
    icons: [],
    kind: 'blackjack',
  },
)

let problems = 0
let largest = 0
function checked(svg: string, what: string): string {
  const found = svgProblems(svg)
  if (found.length) {
    problems++
    console.log(`${what}: ${found.join('; ')}`)
  }
  largest = Math.max(largest, svg.length)
  return svg
}

let previews = '<div class="tiles">'
for (const game of games) previews += checked(previewSvg(game), game.identifier)
previews += '</div><h2>studios</h2><div class="grid">'
for (const game of games.slice(0, 6)) previews += checked(studioLogoSvg(game.studio, game.title), game.studio)
previews += '</div>'
fs.writeFileSync(path.join(OUT, 'previews.html'), page('previews', previews))
screenshot('previews', 1400, 1900)
console.log(`largest preview ${largest} bytes`)
largest = 0

let sheet = ''
for (const theme of SHEET_THEMES) {
  sheet += `<h2>${theme}</h2><div class="grid">`
  for (const icon of ICONS) {
    sheet += `<div class="cell">${checked(symbolSvg(icon, theme, { size: 84 }), `${icon}/${theme}`)}<span>${icon}</span></div>`
  }
  sheet += `</div>`
}
fs.writeFileSync(path.join(OUT, 'sheet.html'), page('symbols', sheet))
screenshot('sheet', 1400, 2000)
console.log(`largest symbol ${largest} bytes, ${problems} drawings with problems`)
