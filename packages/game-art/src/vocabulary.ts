/**
 * The fixed vocabulary shared with `@aurum/games-math`: the maths package names a game's theme and
 * the symbols on its reels with these identifiers (its THEMES and ICONS, re-exported here), and this
 * package draws them.
 */

import { ICONS, THEMES, type IconId, type ThemeId } from '@aurum/games-math'

export { ICONS, THEMES, type IconId, type ThemeId }

/** Whether a string from outside (a database row, a request) names a theme we can draw. */
export function isThemeId(value: string): value is ThemeId {
  return (THEMES as readonly string[]).includes(value)
}

/** Whether a string from outside names an icon we can draw. */
export function isIconId(value: string): value is IconId {
  return (ICONS as readonly string[]).includes(value)
}
