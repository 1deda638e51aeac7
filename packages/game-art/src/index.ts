/**
 * @aurum/game-art: procedurally drawn SVG artwork for our own games (reel symbols, lobby preview
 * tiles, studio wordmarks). Pure string building with no dependencies, so the game server, the
 * casino API and the build can all call it; every function is deterministic.
 */
export { THEMES, ICONS, isThemeId, isIconId, type ThemeId, type IconId } from './vocabulary.ts'
export { THEME_PALETTES, type Palette } from './palettes.ts'
export { symbolSvg, type SymbolOptions } from './symbol.ts'
export { previewSvg, type PreviewGame, type PreviewOptions, type GameKind } from './preview.ts'
export { studioLogoSvg } from './logo.ts'
export { contrastRatio, relativeLuminance } from './color.ts'
export { svgProblems } from './check.ts'
