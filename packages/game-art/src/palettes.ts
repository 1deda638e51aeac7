import { contrastRatio, darken, mix, relativeLuminance, saturation } from './color.ts'
import type { ThemeId } from './vocabulary.ts'

/** The colours of one theme. */
export interface Palette {
  /** Top and bottom of the background gradient. */
  background: [string, string]
  /** The theme's signature colour: metals, main shapes (gold for egypt, aqua for ocean…). */
  primary: string
  /** A second colour for gems, fish, shields and similar. */
  secondary: string
  /** A bright accent for small details and highlights. */
  accent: string
  /** Text on the background: at least 4.5:1 against both background colours. */
  text: string
}

/**
 * Hand-picked palettes, one per theme. Most backgrounds are dark so that gold, neon and fruit
 * colours glow on them; candy and arctic are light (pastel and ice) with dark text, so the lobby
 * does not look like twenty night skies. The tests check the text contrast.
 */
export const THEME_PALETTES: Record<ThemeId, Palette> = {
  egypt: {
    background: ['#23306b', '#8f3d12'],
    primary: '#f2b630',
    secondary: '#1aa3b8',
    accent: '#e2553a',
    text: '#fff8e7',
  },
  fruits: {
    background: ['#c2185b', '#4a0d3a'],
    primary: '#ffd23f',
    secondary: '#43c06b',
    accent: '#ff7a1a',
    text: '#ffffff',
  },
  ocean: {
    background: ['#0a6a9c', '#04223f'],
    primary: '#2ee6d6',
    secondary: '#ff8a5c',
    accent: '#ffd166',
    text: '#f0fbff',
  },
  space: {
    background: ['#1b2260', '#04050f'],
    primary: '#a78bfa',
    secondary: '#22d3ee',
    accent: '#f472b6',
    text: '#ffffff',
  },
  dragons: {
    background: ['#8c1c13', '#1a0505'],
    primary: '#f97316',
    secondary: '#22a45a',
    accent: '#facc15',
    text: '#fff7ed',
  },
  vikings: {
    background: ['#2f4b5e', '#0d171e'],
    primary: '#d9a54a',
    secondary: '#7fb0cf',
    accent: '#d6333a',
    text: '#f5f5f0',
  },
  jungle: {
    background: ['#1c6b3a', '#06241a'],
    primary: '#a3d936',
    secondary: '#f2a33a',
    accent: '#ff4f79',
    text: '#f4fff0',
  },
  candy: {
    background: ['#ffe3f1', '#ffbfe0'],
    primary: '#ff4fa3',
    secondary: '#8b5cf6',
    accent: '#19c3b8',
    text: '#4a0f3b',
  },
  pirates: {
    background: ['#1d4466', '#0a1420'],
    primary: '#e8b64a',
    secondary: '#23a89c',
    accent: '#e23b3b',
    text: '#fdf6e3',
  },
  wild_west: {
    background: ['#9a3412', '#2b1208'],
    primary: '#f0c27b',
    secondary: '#5e9c3a',
    accent: '#3aa0c9',
    text: '#fff4e0',
  },
  aztec: {
    background: ['#0f6b59', '#05261f'],
    primary: '#f2b705',
    secondary: '#e0622a',
    accent: '#40d6c6',
    text: '#fffbea',
  },
  lucky_clover: {
    background: ['#13783a', '#07431f'],
    primary: '#ffcf33',
    secondary: '#5ee08a',
    accent: '#ff8f3f',
    text: '#ffffff',
  },
  olympus: {
    background: ['#2f45a8', '#0e1640'],
    primary: '#f7c948',
    secondary: '#e9e4d8',
    accent: '#7dd3fc',
    text: '#ffffff',
  },
  safari: {
    background: ['#b8420e', '#3f1852'],
    primary: '#ffc45c',
    secondary: '#2fae8e',
    accent: '#ff6b4a',
    text: '#fffaf0',
  },
  arctic: {
    background: ['#eaf7ff', '#a9d6f2'],
    primary: '#1f7fd1',
    secondary: '#5cc8f0',
    accent: '#e0457b',
    text: '#0b2545',
  },
  samurai: {
    background: ['#4a0d16', '#0d0b0c'],
    primary: '#e63946',
    secondary: '#f1ead9',
    accent: '#d4a853',
    text: '#fdf0d5',
  },
  classic_sevens: {
    background: ['#7a0420', '#1c0008'],
    primary: '#ffcc1a',
    secondary: '#e5283e',
    accent: '#3b8cf6',
    text: '#ffffff',
  },
  halloween: {
    background: ['#3b1d60', '#0d0714'],
    primary: '#ff7b1c',
    secondary: '#8bd450',
    accent: '#c8a6ff',
    text: '#fff5e6',
  },
  gems: {
    background: ['#6e1466', '#15062b'],
    primary: '#2fd8f0',
    secondary: '#e879f9',
    accent: '#34e39a',
    text: '#ffffff',
  },
  fairy_forest: {
    background: ['#5b3a96', '#0f3b3a'],
    primary: '#f9a8d4',
    secondary: '#7ef0c4',
    accent: '#fde68a',
    text: '#ffffff',
  },
}

/** Whether the theme's background is light (pastel), which flips outlines and text to dark. */
export function isLightTheme(palette: Palette): boolean {
  return relativeLuminance(palette.background[1]) > 0.3
}

/**
 * The outline colour for drawings in this theme: a very dark tint of the background, so outlines
 * read as part of the theme rather than as flat black.
 */
export function inkOf(palette: Palette): string {
  return isLightTheme(palette) ? mix(palette.text, '#000000', 0.15) : darken(palette.background[1], 0.55)
}

/**
 * The palette as the symbols use it. A theme may have a near-white secondary (marble for olympus,
 * ivory for samurai) that suits its scenery, but gems, fish and shields drawn in it would look
 * blank; for the symbols such a secondary is replaced by the theme's accent.
 */
export function symbolPalette(palette: Palette): Palette {
  return saturation(palette.secondary) < 0.55 && relativeLuminance(palette.secondary) > 0.6
    ? { ...palette, secondary: palette.accent }
    : palette
}

/** The lower of the text's contrast ratios against the two background colours. */
export function textContrast(palette: Palette): number {
  return Math.min(
    contrastRatio(palette.text, palette.background[0]),
    contrastRatio(palette.text, palette.background[1]),
  )
}
