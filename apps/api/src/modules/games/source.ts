import { gameDefinitions, SLOTS, STUDIOS, type GameDefinition } from '@aurum/games-math'
import type { CatalogueEntry } from './catalogue.ts'

/** Our studios and the table and live studios, as the lobby names them. */
export const PROVIDER_TITLES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(STUDIOS).map(([id, s]) => [id, s.title])),
  'aurum-tables': 'Aurum Tables',
  'aurum-live': 'Aurum Live',
}

/** The featured symbols of a slot for its preview: its high-paying symbols, then the wild. */
function iconsOf(definition: GameDefinition): string[] {
  const slot = SLOTS.find((s) => s.id === definition.slug)
  if (!slot) return []
  const symbols = Object.values(slot.symbols)
  return [
    ...symbols.filter((s) => s.kind === 'high').map((s) => s.icon),
    ...symbols.filter((s) => s.kind === 'wild').map((s) => s.icon),
  ].slice(0, 4)
}

/** The game server's games (@aurum/games-math) as the catalogue keeps them. */
export function catalogueEntries(): CatalogueEntry[] {
  return gameDefinitions().map((d) => ({
    identifier: d.identifier,
    slug: d.slug,
    title: d.title,
    studio: d.studio,
    type: d.type,
    theme: d.theme,
    rtp: d.rtp,
    volatility: d.volatility,
    lines: d.lines,
    ways: d.ways,
    hitRate: d.hitRate,
    maxWinX: d.maxWinX,
    minBetCents: d.minBetCents,
    maxBetCents: d.maxBetCents,
    hasDemo: d.hasDemo,
    icons: iconsOf(d),
  }))
}
