/**
 * The fixed vocabulary shared with `@aurum/games-math`: the maths package names a game's theme and
 * the symbols on its reels with these identifiers, and this package draws them. Both lists are part
 * of the contract between the two packages, so add to them only together.
 */

/** Visual themes of our own games; each has a palette and a background motif. */
export const THEMES = [
  'egypt',
  'fruits',
  'ocean',
  'space',
  'dragons',
  'vikings',
  'jungle',
  'candy',
  'pirates',
  'wild_west',
  'aztec',
  'lucky_clover',
  'olympus',
  'safari',
  'arctic',
  'samurai',
  'classic_sevens',
  'halloween',
  'gems',
  'fairy_forest',
] as const

export type ThemeId = (typeof THEMES)[number]

/** Reel symbols. `wild` and `scatter` are the special symbols and are drawn as badges. */
export const ICONS = [
  'ace',
  'king',
  'queen',
  'jack',
  'ten',
  'nine',
  'crown',
  'gem',
  'diamond',
  'coin',
  'star',
  'bell',
  'seven',
  'bar',
  'cherry',
  'lemon',
  'orange',
  'plum',
  'grapes',
  'watermelon',
  'horseshoe',
  'clover',
  'pot_of_gold',
  'anchor',
  'ship',
  'skull',
  'treasure_chest',
  'dragon',
  'pearl',
  'fish',
  'shell',
  'rocket',
  'planet',
  'alien',
  'pyramid',
  'scarab',
  'eye',
  'ankh',
  'mask',
  'sun',
  'moon',
  'lantern',
  'shield',
  'helmet',
  'tiger',
  'elephant',
  'lion',
  'penguin',
  'snowflake',
  'pumpkin',
  'ghost',
  'bat',
  'mushroom',
  'flower',
  'candy',
  'cupcake',
  'cactus',
  'sheriff_star',
  'totem',
  'wild',
  'scatter',
] as const

export type IconId = (typeof ICONS)[number]

/** Whether a string from outside (a database row, a request) names a theme we can draw. */
export function isThemeId(value: string): value is ThemeId {
  return (THEMES as readonly string[]).includes(value)
}

/** Whether a string from outside names an icon we can draw. */
export function isIconId(value: string): value is IconId {
  return (ICONS as readonly string[]).includes(value)
}
