import { darken, lighten, mix } from './color.ts'
import {
  boldText,
  circle,
  ellipse,
  gloss,
  line,
  outlined,
  path,
  polygon,
  rect,
  shine,
  sparkle,
  starPoints,
  type Kit,
} from './shapes.ts'
import type { IconId } from './vocabulary.ts'

/**
 * The reel symbols, each drawn by hand in a 100 × 100 box (centre 50,50, content within about
 * 8…92) with a cartoon outline. Colours come from the theme palette, except where a colour is what
 * makes the thing recognisable (a cherry is red, a clover green, a penguin black and white): there
 * the natural colour stays and only the outline, gloss and details follow the theme.
 */

/** Natural colours that identify an object whatever the theme. */
const NATURAL = {
  red: '#e8283a',
  yellow: '#ffd21f',
  orange: '#ff8a1a',
  plum: '#7a2f96',
  grape: '#8e44ad',
  leaf: '#3fae4a',
  stem: '#6b4a24',
  wood: '#9a5b2c',
  ivory: '#f6f1e4',
  white: '#f7f9ff',
  silver: '#bcc7d2',
  slate: '#2e3444',
  iron: '#3b3f4c',
  pink: '#ff8fb8',
}

/** Card royals keep their conventional colour family (so A, K, Q… differ by colour too), tinted to the theme. */
const ROYAL = {
  ace: '#e53935',
  king: '#1e6fd6',
  queen: '#9c27b0',
  jack: '#2e9d4a',
  ten: '#f57c00',
  nine: '#00a0b4',
}

function royal(kit: Kit, d: string, hue: string): string {
  const color = mix(hue, kit.pal.primary, 0.18)
  return (
    line(d, kit.ink, 19) +
    line(d, gloss(kit, color), 13) +
    line(d, '#fff', 3, ' stroke-opacity=".5" transform="translate(-1.5 -1.5)"') +
    sparkle(86, 14, 7, kit.pal.primary)
  )
}

/** A symbol on its own: the elements inside the 100 × 100 box, outline style inherited from the group. */
type Drawing = (kit: Kit) => string

const drawings: Record<IconId, Drawing> = {
  ace: (k) => royal(k, 'M28 80L50 22L72 80M36 62H64', ROYAL.ace),
  king: (k) => royal(k, 'M34 22V80M68 22L36 54M47 46L70 80', ROYAL.king),
  queen: (k) => royal(k, 'M26 50A24 27 0 1 1 74 50A24 27 0 1 1 26 50M56 64L74 84', ROYAL.queen),
  jack: (k) => royal(k, 'M48 22H74M63 22V62Q63 82 45 82Q32 82 29 69', ROYAL.jack),
  ten: (k) => royal(k, 'M20 32L30 24V80M55 52A11 27 0 1 1 77 52A11 27 0 1 1 55 52', ROYAL.ten),
  nine: (k) =>
    royal(k, 'M35 38A15 15 0 1 1 65 38A15 15 0 1 1 35 38M65 38V58Q65 82 44 82Q37 82 32 76', ROYAL.nine),

  crown: (k) => {
    const gold = gloss(k, k.pal.primary)
    return (
      path('M18 70L14 32L33 50L50 22L67 50L86 32L82 70Z', gold) +
      circle(14, 30, 5.5, gloss(k, k.pal.accent)) +
      circle(50, 20, 6, gloss(k, k.pal.accent)) +
      circle(86, 30, 5.5, gloss(k, k.pal.accent)) +
      rect(16, 64, 68, 16, 4, gold) +
      circle(50, 72, 5.5, gloss(k, k.pal.secondary)) +
      ellipse(32, 72, 4, 3.5, gloss(k, k.pal.accent)) +
      ellipse(68, 72, 4, 3.5, gloss(k, k.pal.accent)) +
      shine(34, 52, 3, 8, 20)
    )
  },

  gem: (k) => {
    const color = k.pal.secondary
    return (
      path('M30 20H70L86 36V64L70 80H30L14 64V36Z', gloss(k, color)) +
      path('M36 33H64L73 42V58L64 67H36L27 58V42Z', lighten(color, 0.3), ' stroke-width="2"') +
      line(
        'M30 20L36 33M70 20L64 33M86 36L73 42M86 64L73 58M70 80L64 67M30 80L36 67M14 64L27 58M14 36L27 42',
        k.ink,
        2,
        ' stroke-opacity=".6"',
      ) +
      path('M36 33H64L54 42H36Z', '#fff', ' opacity=".45" stroke="none"') +
      sparkle(72, 26, 9)
    )
  },

  diamond: (k) => {
    const color = mix(k.pal.accent, '#bdf3ff', 0.35)
    return (
      path('M30 24H70L88 42L50 86L12 42Z', gloss(k, color)) +
      path('M30 24H70L88 42H12Z', lighten(color, 0.35)) +
      line('M30 24L40 42L50 24L60 42L70 24M40 42L50 86L60 42', k.ink, 2) +
      path('M30 24L40 42H12Z', '#fff', ' opacity=".5" stroke="none"') +
      sparkle(78, 20, 10)
    )
  },

  coin: (k) => {
    const gold = k.pal.primary
    return (
      circle(50, 52, 36, darken(gold, 0.25)) +
      circle(50, 48, 36, gloss(k, gold)) +
      circle(50, 48, 27, 'none', ` stroke="${darken(gold, 0.3)}" stroke-width="3"`) +
      line(
        'M60 36Q57 31 50 31Q40 31 40 39Q40 46 50 48Q60 50 60 57Q60 65 50 65Q41 65 38 59M50 25V71',
        darken(gold, 0.45),
        6,
      ) +
      shine(32, 32, 5, 9, 40)
    )
  },

  star: (k) =>
    polygon(starPoints(50, 54, 42, 18, 5), gloss(k, k.pal.primary), ' stroke-width="3.5"') +
    polygon(starPoints(50, 54, 22, 10, 5), lighten(k.pal.primary, 0.35), ' stroke="none"') +
    shine(40, 38, 3, 7, 30),

  bell: (k) => {
    const gold = gloss(k, k.pal.primary)
    return (
      circle(50, 14, 6, gold) +
      circle(50, 80, 8, gloss(k, k.pal.accent)) +
      path('M50 18C35 18 29 30 29 44C29 56 25 62 16 70H84C75 62 71 56 71 44C71 30 65 18 50 18Z', gold) +
      rect(12, 68, 76, 10, 5, darken(k.pal.primary, 0.15)) +
      line('M30 58H70', darken(k.pal.primary, 0.3), 3) +
      shine(39, 36, 4, 11, 15)
    )
  },

  seven: (k) => {
    const d = 'M22 18H80V31L55 84H36L60 32H22Z'
    return (
      path(d, 'none', ` stroke="${k.pal.primary}" stroke-width="12"`) +
      path(d, gloss(k, mix(NATURAL.red, k.pal.secondary, 0.12)), ' stroke-width="3.5"') +
      line('M27 23H74', '#fff', 3, ' stroke-opacity=".55"')
    )
  },

  bar: (k) =>
    rect(10, 30, 80, 40, 8, k.ink, ` stroke="${k.pal.primary}" stroke-width="4"`) +
    line('M18 38H82M18 62H82', k.pal.primary, 2, ' stroke-opacity=".6"') +
    boldText(
      50,
      59,
      24,
      'BAR',
      gloss(k, lighten(k.pal.primary, 0.2)),
      k.ink,
      0,
      ' textLength="60" lengthAdjust="spacingAndGlyphs"',
    ),

  cherry: (k) =>
    line('M34 56Q38 34 62 18M66 60Q60 38 62 18', NATURAL.stem, 4) +
    path('M62 18Q76 8 88 18Q76 30 62 18Z', gloss(k, NATURAL.leaf)) +
    circle(34, 68, 17, gloss(k, NATURAL.red)) +
    circle(67, 71, 17, gloss(k, mix(NATURAL.red, '#b0102a', 0.3))) +
    shine(28, 61, 4, 6, 30) +
    shine(61, 64, 4, 6, 30),

  lemon: (k) =>
    path(
      'M10 52Q18 48 22 40Q34 22 56 24Q76 26 82 42Q86 46 92 48Q86 54 82 60Q72 78 50 78Q30 76 22 62Q18 56 10 52Z',
      gloss(k, NATURAL.yellow),
    ) +
    path('M50 25Q60 12 74 14Q66 26 50 25Z', gloss(k, NATURAL.leaf)) +
    circle(40, 60, 1.5, darken(NATURAL.yellow, 0.3), ' stroke="none"') +
    circle(60, 64, 1.5, darken(NATURAL.yellow, 0.3), ' stroke="none"') +
    circle(66, 50, 1.5, darken(NATURAL.yellow, 0.3), ' stroke="none"') +
    shine(38, 38, 5, 10, 60),

  orange: (k) =>
    circle(50, 56, 32, gloss(k, NATURAL.orange)) +
    [
      [38, 46],
      [60, 42],
      [66, 62],
      [44, 70],
      [52, 56],
    ]
      .map(([x, y]) => circle(x!, y!, 1.6, darken(NATURAL.orange, 0.25), ' stroke="none"'))
      .join('') +
    path('M50 26Q62 10 80 16Q70 30 50 26Z', gloss(k, NATURAL.leaf)) +
    circle(50, 25, 3.5, NATURAL.stem) +
    shine(36, 42, 5, 10, 40),

  plum: (k) =>
    line('M50 24Q50 14 58 10', NATURAL.stem, 4) +
    path('M54 18Q66 6 80 12Q70 24 54 18Z', gloss(k, NATURAL.leaf)) +
    path(
      'M50 22C70 20 82 40 80 58C78 76 64 86 50 86C34 86 20 74 20 56C20 38 32 22 50 22Z',
      gloss(k, NATURAL.plum),
    ) +
    line('M50 26Q40 54 52 84', darken(NATURAL.plum, 0.35), 2.5) +
    shine(34, 44, 5, 11, 20),

  grapes: (k) => {
    const fill = gloss(k, NATURAL.grape)
    const berries: [number, number][] = [
      [30, 40],
      [50, 38],
      [70, 40],
      [40, 56],
      [60, 56],
      [50, 73],
    ]
    return (
      line('M50 28Q50 16 58 10', NATURAL.stem, 4) +
      path('M50 26Q34 8 18 20Q32 34 50 26Z', gloss(k, NATURAL.leaf)) +
      berries.map(([x, y]) => circle(x, y, 11.5, fill) + shine(x - 4, y - 4, 2.5, 3.5, 40)).join('')
    )
  },

  watermelon: (k) =>
    `<g transform="rotate(-12 50 50)">` +
    path('M8 32H92A42 42 0 0 1 8 32Z', gloss(k, '#2e9e44')) +
    path('M15 32H85A35 35 0 0 1 15 32Z', '#d7f5b5', ' stroke="none"') +
    path('M19 32H81A31 31 0 0 1 19 32Z', gloss(k, '#ff3b4e'), ' stroke="none"') +
    [
      [36, 42],
      [50, 50],
      [64, 42],
      [44, 56],
      [57, 57],
      [50, 39],
    ]
      .map(([x, y]) => ellipse(x!, y!, 2, 3.2, '#2a1a1a', ' stroke="none"'))
      .join('') +
    line('M10 32H90', k.ink, 3) +
    `</g>`,

  horseshoe: (k) =>
    outlined(k, 'M28 18V48A22 22 0 0 0 72 48V18', k.pal.primary, 15) +
    [
      [28, 28],
      [28, 44],
      [72, 28],
      [72, 44],
      [38, 66],
      [62, 66],
    ]
      .map(([x, y]) => circle(x!, y!, 2.2, darken(k.pal.primary, 0.5), ' stroke="none"'))
      .join('') +
    sparkle(84, 76, 9),

  clover: (k) => {
    const leaf = 'M0 0C-18 -6 -24 -28 -10 -32C-4 -34 0 -28 0 -25C0 -28 4 -34 10 -32C24 -28 18 -6 0 0Z'
    const fill = gloss(k, NATURAL.leaf)
    return (
      line('M52 54Q58 72 70 88', darken(NATURAL.leaf, 0.2), 6) +
      `<g transform="translate(50 48)">` +
      [45, 135, 225, 315].map((angle) => path(leaf, fill, ` transform="rotate(${angle})"`)).join('') +
      circle(0, 0, 4, lighten(NATURAL.leaf, 0.3), ' stroke="none"') +
      `</g>` +
      shine(34, 30, 3, 6, -45)
    )
  },

  pot_of_gold: (k) => {
    const gold = k.pal.primary
    return (
      path('M22 44Q30 22 50 20Q70 22 78 44Z', gloss(k, gold)) +
      ellipse(36, 32, 8, 4, lighten(gold, 0.25)) +
      ellipse(54, 26, 8, 4, lighten(gold, 0.25)) +
      ellipse(66, 36, 8, 4, lighten(gold, 0.25)) +
      path('M18 48H82C84 70 72 86 50 86C28 86 16 70 18 48Z', gloss(k, NATURAL.iron)) +
      rect(12, 42, 76, 11, 5.5, gloss(k, lighten(NATURAL.iron, 0.2))) +
      line('M28 86L24 92M72 86L76 92', k.ink, 5) +
      shine(30, 64, 4, 9, 20) +
      sparkle(80, 18, 8)
    )
  },

  anchor: (k) => {
    const color = lighten(k.pal.secondary, 0.1)
    return (
      outlined(k, 'M50 12A8 8 0 1 1 49.9 12M50 28V84M32 38H68M16 58Q20 84 50 84Q80 84 84 58', color, 8) +
      polygon('8,66 16,50 25,62', color, ` stroke="${k.ink}" stroke-width="3"`) +
      polygon('92,66 84,50 75,62', color, ` stroke="${k.ink}" stroke-width="3"`)
    )
  },

  ship: (k) =>
    line('M50 12V64', k.ink, 4) +
    path('M50 12L64 8L50 4Z', k.pal.accent, ' stroke-width="2"') +
    path('M53 16C68 24 72 42 68 58H53Z', gloss(k, NATURAL.ivory)) +
    path('M47 20C36 30 32 46 34 58H47Z', gloss(k, NATURAL.ivory)) +
    path('M12 62H88L78 82H22Z', gloss(k, NATURAL.wood)) +
    line('M18 70H82', k.pal.primary, 3) +
    circle(36, 76, 2.5, k.ink, ' stroke="none"') +
    circle(50, 76, 2.5, k.ink, ' stroke="none"') +
    circle(64, 76, 2.5, k.ink, ' stroke="none"') +
    outlined(k, 'M8 90Q18 84 28 90T48 90T68 90T90 90', k.pal.secondary, 4),

  skull: (k) =>
    path(
      'M50 12C27 12 16 28 16 46C16 58 22 64 29 68V78C29 83 33 86 38 86H62C67 86 71 83 71 78V68C78 64 84 58 84 46C84 28 73 12 50 12Z',
      gloss(k, NATURAL.ivory),
    ) +
    path('M26 46C26 36 44 35 44 46C44 55 27 58 26 46Z', k.ink) +
    path('M74 46C74 36 56 35 56 46C56 55 73 58 74 46Z', k.ink) +
    circle(37, 46, 3, k.pal.accent, ' stroke="none"') +
    circle(63, 46, 3, k.pal.accent, ' stroke="none"') +
    path('M50 56L45 66H55Z', k.ink, ' stroke-width="2"') +
    line('M41 74V86M50 74V86M59 74V86', k.ink, 2.5) +
    shine(32, 26, 5, 8, 50),

  treasure_chest: (k) => {
    const gold = gloss(k, k.pal.primary)
    return (
      path('M14 44V34C14 20 86 20 86 34V44Z', gloss(k, lighten(NATURAL.wood, 0.1))) +
      rect(14, 44, 72, 40, 4, gloss(k, NATURAL.wood)) +
      rect(24, 24, 9, 60, 0, gold, ' stroke-width="2.5"') +
      rect(67, 24, 9, 60, 0, gold, ' stroke-width="2.5"') +
      rect(14, 42, 72, 7, 0, gold, ' stroke-width="2.5"') +
      rect(42, 40, 16, 20, 3, gold) +
      circle(50, 48, 2.5, k.ink, ' stroke="none"') +
      rect(49, 48, 2, 6, 0, k.ink, ' stroke="none"') +
      sparkle(80, 16, 9, lighten(k.pal.primary, 0.5))
    )
  },

  dragon: (k) => {
    const scale = k.pal.secondary === k.pal.primary ? k.pal.accent : k.pal.secondary
    return (
      path(
        'M80 54Q90 44 98 50Q92 52 97 57Q90 56 92 62Q86 58 80 58Z',
        gloss(k, k.pal.accent),
        ' stroke-width="2"',
      ) +
      path('M36 30L38 6L48 24Z', darken(scale, 0.3)) +
      path('M26 44L12 38L24 54Z', darken(scale, 0.2)) +
      path('M22 62L8 62L22 74Z', darken(scale, 0.2)) +
      path('M21 78L8 84L23 88Z', darken(scale, 0.2)) +
      path(
        'M24 90C18 70 18 50 30 36L20 10L44 25C50 21 58 21 64 25L84 31C91 33 93 42 87 46L64 50L81 56C84 60 81 65 77 65L57 65C52 73 50 82 52 90Z',
        gloss(k, scale),
      ) +
      path('M45 66Q44 78 47 90H36Q33 78 38 66Z', lighten(scale, 0.35), ' stroke-width="2"') +
      path('M66 49L68 54L70 48.5M74 48L76 53L78 47.5', '#fff', ' stroke-width="1.5"') +
      line('M46 30Q56 26 64 32', k.ink, 3) +
      ellipse(56, 37, 5.5, 4.5, k.pal.accent, ' stroke-width="2"') +
      ellipse(57, 37, 1.5, 3.5, k.ink, ' stroke="none"') +
      ellipse(82, 37, 2, 1.5, k.ink, ' stroke="none"') +
      shine(40, 40, 3, 6, 30)
    )
  },

  pearl: (k) => {
    const shell = mix(k.pal.secondary, '#ffb8a0', 0.4)
    return (
      path('M12 54Q16 18 50 16Q84 18 88 54Z', gloss(k, darken(shell, 0.12))) +
      line('M50 54V20M50 54L28 24M50 54L72 24M50 54L16 40M50 54L84 40', darken(shell, 0.35), 2) +
      path('M10 58H90Q82 90 50 90Q18 90 10 58Z', gloss(k, shell)) +
      circle(50, 56, 17, k.defs.radial('#ffffff', '#c9c2e6'), ' stroke-width="2.5"') +
      shine(44, 50, 4, 5) +
      sparkle(74, 40, 8)
    )
  },

  fish: (k) => {
    const color = k.pal.secondary
    return (
      path('M70 50L92 32V68Z', gloss(k, darken(color, 0.1))) +
      path('M44 30Q52 16 64 32Z', gloss(k, darken(color, 0.1))) +
      path('M10 50C22 26 60 24 74 50C60 76 22 74 10 50Z', gloss(k, color)) +
      line('M46 34Q52 50 46 66M58 36Q63 50 58 64', lighten(color, 0.35), 3) +
      circle(26, 47, 6, '#fff', ' stroke-width="2"') +
      circle(27, 47, 3, k.ink, ' stroke="none"') +
      line('M14 56Q18 58 22 56', k.ink, 2)
    )
  },

  shell: (k) => {
    const color = mix(k.pal.secondary, '#ffc3a8', 0.35)
    return (
      path('M40 76H60L57 88H43Z', gloss(k, darken(color, 0.1))) +
      path(
        'M50 82L14 42Q12 30 22 24Q26 14 37 15Q43 8 50 10Q57 8 63 15Q74 14 78 24Q88 30 86 42Z',
        gloss(k, color),
      ) +
      line('M50 80L20 34M50 80L33 19M50 80L50 13M50 80L67 19M50 80L80 34', darken(color, 0.3), 2.5) +
      shine(36, 28, 3, 7, -20)
    )
  },

  rocket: (k) =>
    `<g transform="rotate(30 50 50)">` +
    path('M40 70Q50 100 60 70Z', '#ffb020', ' stroke-width="2"') +
    path('M44 70Q50 88 56 70Z', '#fff3a0', ' stroke="none"') +
    path('M36 52L20 72L36 70Z', gloss(k, k.pal.accent)) +
    path('M64 52L80 72L64 70Z', gloss(k, k.pal.accent)) +
    path('M50 8C64 20 68 40 66 70H34C32 40 36 20 50 8Z', gloss(k, NATURAL.white)) +
    path('M50 8C57 14 61 22 63 28H37C39 22 43 14 50 8Z', gloss(k, k.pal.accent)) +
    circle(50, 44, 8.5, gloss(k, k.pal.secondary), ' stroke-width="3.5"') +
    shine(47, 41, 2.5, 3.5, 30) +
    line('M50 66V70', k.ink, 2) +
    `</g>`,

  planet: (k) => {
    const ring = k.pal.primary
    return (
      `<g transform="rotate(-18 50 50)">` +
      outlined(k, 'M6 52A44 13 0 0 1 94 52', ring, 5) +
      circle(50, 50, 26, gloss(k, k.pal.secondary)) +
      line('M27 42Q50 48 73 42M25 56Q50 62 75 56', lighten(k.pal.secondary, 0.3), 3.5) +
      outlined(k, 'M6 52A44 13 0 0 0 94 52', ring, 5) +
      `</g>` +
      shine(40, 36, 4, 7, 40) +
      sparkle(84, 18, 7)
    )
  },

  alien: (k) =>
    line('M38 20L30 8M62 20L70 8', k.ink, 3) +
    circle(30, 8, 4.5, k.pal.accent, ' stroke-width="2"') +
    circle(70, 8, 4.5, k.pal.accent, ' stroke-width="2"') +
    path(
      'M50 16C72 16 84 32 82 50C80 68 62 88 50 88C38 88 20 68 18 50C16 32 28 16 50 16Z',
      gloss(k, '#7ed957'),
    ) +
    ellipse(36, 52, 12, 7, k.ink, ' transform="rotate(32 36 52)"') +
    ellipse(64, 52, 12, 7, k.ink, ' transform="rotate(-32 64 52)"') +
    circle(33, 49, 2.5, '#fff', ' stroke="none"') +
    circle(61, 49, 2.5, '#fff', ' stroke="none"') +
    line('M44 74Q50 78 56 74', k.ink, 2.5) +
    shine(36, 28, 6, 4, -20),

  pyramid: (k) => {
    const sand = k.pal.primary
    return (
      path('M6 84Q50 76 94 84V90H6Z', darken(sand, 0.2), ' stroke="none"') +
      path('M50 12L88 84H12Z', gloss(k, sand), ' stroke-width="3.5"') +
      path('M50 12L56 84H88Z', darken(sand, 0.28), ' stroke-width="3.5"') +
      line('M37 37H52M27 56H54M18 73H55M44 37V56M36 56V73M47 73V84', darken(sand, 0.35), 2) +
      shine(40, 34, 2, 9, 28)
    )
  },

  scarab: (k) => {
    const shellColor = k.pal.secondary
    return (
      line('M32 46L16 38M30 60L12 60M32 72L18 84M68 46L84 38M70 60L88 60M68 72L82 84', k.ink, 4) +
      circle(50, 14, 9, gloss(k, k.pal.primary)) +
      path('M36 32Q50 16 64 32Z', darken(shellColor, 0.35)) +
      ellipse(50, 58, 23, 28, gloss(k, shellColor)) +
      line('M50 32V86', k.ink, 2.5) +
      path('M30 44Q50 36 70 44', 'none', ` stroke="${k.pal.primary}" stroke-width="3"`) +
      shine(40, 52, 3, 9, 15) +
      shine(60, 52, 3, 9, -15)
    )
  },

  eye: (k) =>
    outlined(k, 'M14 28Q50 10 86 28', k.pal.primary, 6) +
    path('M12 48Q50 20 88 48Q50 72 12 48Z', NATURAL.white, ' stroke-width="3.5"') +
    circle(50, 46, 13, gloss(k, k.pal.secondary)) +
    circle(50, 46, 6, k.ink, ' stroke="none"') +
    circle(46, 42, 2.5, '#fff', ' stroke="none"') +
    outlined(k, 'M38 64V88M60 62Q68 82 80 78Q88 72 78 68', k.pal.primary, 5),

  ankh: (k) =>
    outlined(k, 'M50 46C34 40 34 12 50 12C66 12 66 40 50 46ZM22 50H78M50 46V90', k.pal.primary, 10),

  mask: (k) =>
    path('M20 38C10 22 16 8 30 4C28 16 32 26 30 36Z', gloss(k, k.pal.secondary), ' stroke-width="2.5"') +
    path('M28 36C26 22 34 12 44 10C40 20 40 28 36 36Z', gloss(k, k.pal.accent), ' stroke-width="2.5"') +
    line('M82 62L90 94', NATURAL.wood, 4) +
    path(
      'M8 42C22 32 40 34 50 42C60 34 78 32 92 42C92 62 80 72 66 68C58 66 54 60 50 60C46 60 42 66 34 68C20 72 8 62 8 42Z',
      gloss(k, k.pal.primary),
    ) +
    path('M20 50C26 42 38 43 42 52C36 58 26 58 20 50Z', k.ink) +
    path('M80 50C74 42 62 43 58 52C64 58 74 58 80 50Z', k.ink) +
    circle(50, 50, 3.5, k.pal.accent, ' stroke-width="1.5"') +
    shine(26, 40, 5, 2, -10),

  sun: (k) =>
    polygon(starPoints(50, 50, 44, 28, 12), gloss(k, k.pal.accent)) +
    circle(50, 50, 25, gloss(k, k.pal.primary)) +
    circle(50, 50, 17, 'none', ` stroke="${lighten(k.pal.primary, 0.4)}" stroke-width="3"`) +
    shine(42, 40, 4, 7, 40),

  moon: (k) => {
    const color = mix('#ffe9a8', k.pal.primary, 0.15)
    return (
      path('M60 10A40 40 0 1 0 90 66A32 32 0 1 1 60 10Z', gloss(k, color)) +
      circle(30, 56, 5, darken(color, 0.15), ' stroke="none"') +
      circle(42, 74, 3.5, darken(color, 0.15), ' stroke="none"') +
      circle(28, 38, 3, darken(color, 0.15), ' stroke="none"') +
      sparkle(74, 30, 9, k.pal.primary) +
      sparkle(86, 48, 5, '#fff')
    )
  },

  lantern: (k) => {
    const paper = mix(NATURAL.red, k.pal.accent, 0.15)
    return (
      line('M50 6V22M50 80V94', k.ink, 3) +
      line('M44 92H56', k.pal.primary, 5) +
      ellipse(50, 51, 32, 28, k.defs.radial('#ffd766', paper, 1, 1, 0.5, 0.5)) +
      path(
        'M50 23C36 34 36 68 50 79C64 68 64 34 50 23M50 23C24 34 24 68 50 79C76 68 76 34 50 23',
        'none',
        ` stroke="${darken(paper, 0.3)}" stroke-width="2"`,
      ) +
      rect(34, 18, 32, 9, 3, gloss(k, k.pal.primary)) +
      rect(36, 75, 28, 9, 3, gloss(k, k.pal.primary))
    )
  },

  shield: (k) =>
    path(
      'M50 10L86 20C86 54 74 78 50 90C26 78 14 54 14 20Z',
      gloss(k, k.pal.primary),
      ' stroke-width="3.5"',
    ) +
    path('M50 19L77 27C77 54 68 72 50 81C32 72 23 54 23 27Z', gloss(k, k.pal.secondary)) +
    outlined(k, 'M50 30V72M34 44H66', k.pal.primary, 7) +
    shine(32, 32, 3, 9, 15),

  helmet: (k) => {
    const steel = gloss(k, NATURAL.silver)
    const horn = gloss(k, NATURAL.ivory)
    return (
      path('M26 50C12 46 6 30 10 12C16 26 24 32 32 38Z', horn) +
      path('M74 50C88 46 94 30 90 12C84 26 76 32 68 38Z', horn) +
      path('M20 62C20 38 32 24 50 24C68 24 80 38 80 62Z', steel) +
      line('M50 26V58', darken(NATURAL.silver, 0.3), 3) +
      path('M45 64H55V86L50 92L45 86Z', steel) +
      rect(16, 58, 68, 12, 4, gloss(k, k.pal.primary)) +
      [24, 36, 64, 76].map((x) => circle(x, 64, 2, darken(k.pal.primary, 0.45), ' stroke="none"')).join('') +
      shine(36, 38, 4, 8, 35)
    )
  },

  tiger: (k) => {
    const fur = '#f5891f'
    return (
      circle(24, 26, 11, gloss(k, fur)) +
      circle(76, 26, 11, gloss(k, fur)) +
      circle(24, 26, 5, NATURAL.pink, ' stroke="none"') +
      circle(76, 26, 5, NATURAL.pink, ' stroke="none"') +
      path('M50 18C74 18 88 34 88 54C88 76 70 88 50 88C30 88 12 76 12 54C12 34 26 18 50 18Z', gloss(k, fur)) +
      line('M50 20V32M40 22L44 33M60 22L56 33M12 50L26 52M14 62L26 60M88 50L74 52M86 62L74 60', k.ink, 4) +
      ellipse(41, 66, 11, 9, '#fff8ee', ' stroke="none"') +
      ellipse(59, 66, 11, 9, '#fff8ee', ' stroke="none"') +
      ellipse(36, 46, 5, 6, '#ffd23f', ' stroke-width="2"') +
      ellipse(64, 46, 5, 6, '#ffd23f', ' stroke-width="2"') +
      ellipse(36, 47, 1.8, 4, k.ink, ' stroke="none"') +
      ellipse(64, 47, 1.8, 4, k.ink, ' stroke="none"') +
      path('M43 56H57L50 64Z', '#e2577a', ' stroke-width="2"')
    )
  },

  elephant: (k) => {
    const skin = '#9aa7b8'
    const grey = gloss(k, skin)
    return (
      ellipse(22, 42, 18, 24, grey) +
      ellipse(78, 42, 18, 24, grey) +
      ellipse(24, 42, 10, 15, '#f2b5c4', ' stroke="none"') +
      ellipse(76, 42, 10, 15, '#f2b5c4', ' stroke="none"') +
      path('M38 52Q26 62 28 74Q34 70 40 62Z', NATURAL.ivory, ' stroke-width="2.5"') +
      path('M62 52Q74 62 72 74Q66 70 60 62Z', NATURAL.ivory, ' stroke-width="2.5"') +
      path(
        'M28 38C28 22 39 14 50 14C61 14 72 22 72 38C72 48 66 54 59 57V74Q59 84 68 84Q72 84 74 80Q78 82 76 86Q72 92 64 92Q48 92 48 76V58C36 56 28 48 28 38Z',
        grey,
      ) +
      line('M49 66H58M49 73H58M52 81L59 78', darken(skin, 0.3), 2) +
      circle(41, 38, 3.5, k.ink, ' stroke="none"') +
      circle(61, 38, 3.5, k.ink, ' stroke="none"') +
      shine(40, 24, 6, 3, -15)
    )
  },

  lion: (k) => {
    const mane = gloss(k, mix('#c0561a', k.pal.primary, 0.12))
    const face = gloss(k, '#f5b942')
    const tufts = Array.from({ length: 11 }, (_, i) => {
      const angle = (i / 11) * Math.PI * 2
      return circle(50 + 31 * Math.sin(angle), 52 - 31 * Math.cos(angle), 14, mane)
    }).join('')
    return (
      tufts +
      circle(50, 52, 30, mane, ' stroke="none"') +
      path('M50 26C66 26 74 38 74 52C74 68 64 80 50 80C36 80 26 68 26 52C26 38 34 26 50 26Z', face) +
      line('M36 42L45 44M64 42L55 44', k.ink, 2.5) +
      ellipse(41, 50, 3, 3.6, k.ink, ' stroke="none"') +
      ellipse(59, 50, 3, 3.6, k.ink, ' stroke="none"') +
      path('M50 52C44 52 40 60 38 66C40 74 60 74 62 66C60 60 56 52 50 52Z', '#ffe6b5', ' stroke="none"') +
      path('M44 60H56L50 67Z', '#5a2e1a', ' stroke-width="2"') +
      line('M50 67V71M44 73Q50 77 56 73', k.ink, 2) +
      circle(42, 66, 1.2, k.ink, ' stroke="none"') +
      circle(58, 66, 1.2, k.ink, ' stroke="none"')
    )
  },

  penguin: (k) =>
    ellipse(40, 88, 9, 4, NATURAL.orange, ' stroke-width="2"') +
    ellipse(60, 88, 9, 4, NATURAL.orange, ' stroke-width="2"') +
    path('M24 50Q12 62 16 76Q24 70 28 62Z', NATURAL.slate) +
    path('M76 50Q88 62 84 76Q76 70 72 62Z', NATURAL.slate) +
    path(
      'M50 10C68 10 76 30 76 54C76 74 66 88 50 88C34 88 24 74 24 54C24 30 32 10 50 10Z',
      gloss(k, NATURAL.slate),
    ) +
    path(
      'M50 44C62 44 66 54 66 64C66 78 60 84 50 84C40 84 34 78 34 64C34 54 38 44 50 44Z',
      NATURAL.white,
      ' stroke="none"',
    ) +
    ellipse(41, 32, 7, 8, NATURAL.white, ' stroke="none"') +
    ellipse(59, 32, 7, 8, NATURAL.white, ' stroke="none"') +
    circle(42, 33, 3, k.ink, ' stroke="none"') +
    circle(58, 33, 3, k.ink, ' stroke="none"') +
    path('M43 42H57L50 50Z', NATURAL.orange, ' stroke-width="2"') +
    shine(36, 20, 5, 3, -25),

  snowflake: (k) => {
    const arm = 'M50 50V12M50 26L41 17M50 26L59 17M50 38L43 31M50 38L57 31'
    const color = mix(k.pal.secondary, '#ffffff', 0.55)
    const arms = [0, 60, 120, 180, 240, 300]
      .map((angle) => `<path d="${arm}" transform="rotate(${angle} 50 50)"/>`)
      .join('')
    return (
      `<g fill="none" stroke="${k.ink}" stroke-width="11">${arms}</g>` +
      `<g fill="none" stroke="${color}" stroke-width="5">${arms}</g>` +
      circle(50, 50, 6, k.pal.primary, ' stroke-width="2.5"')
    )
  },

  pumpkin: (k) => {
    const fill = gloss(k, '#ff7f11')
    return (
      path('M46 30C46 22 50 14 58 12L61 17C56 20 55 25 55 30Z', gloss(k, '#5d7a2a')) +
      ellipse(34, 58, 20, 28, fill) +
      ellipse(66, 58, 20, 28, fill) +
      ellipse(50, 58, 17, 30, fill) +
      path('M32 52L41 42L46 55Z', '#ffd23f', ' stroke-width="2"') +
      path('M68 52L59 42L54 55Z', '#ffd23f', ' stroke-width="2"') +
      path('M28 64L35 69L42 65L50 71L58 65L65 69L72 64C68 80 32 80 28 64Z', '#ffd23f', ' stroke-width="2"')
    )
  },

  ghost: (k) =>
    `<g transform="rotate(-8 50 50)">` +
    path(
      'M24 88V44C24 24 36 12 50 12C64 12 76 24 76 44V88Q70 80 63 88Q57 80 50 88Q43 80 37 88Q30 80 24 88Z',
      gloss(k, NATURAL.white),
    ) +
    path('M24 52Q12 50 10 40Q18 42 24 44Z', NATURAL.white) +
    path('M76 52Q88 50 90 40Q82 42 76 44Z', NATURAL.white) +
    ellipse(41, 42, 5, 7.5, k.ink, ' stroke="none"') +
    ellipse(59, 42, 5, 7.5, k.ink, ' stroke="none"') +
    ellipse(50, 60, 5, 7, k.ink, ' stroke="none"') +
    ellipse(34, 54, 4, 2.5, k.pal.accent, ' stroke="none" opacity=".7"') +
    ellipse(66, 54, 4, 2.5, k.pal.accent, ' stroke="none" opacity=".7"') +
    `</g>`,

  bat: (k) =>
    circle(50, 48, 34, gloss(k, mix(k.pal.accent, '#fff1b8', 0.5)), ' stroke-width="2"') +
    path(
      'M50 42C45 42 43 46 41 50C35 42 22 38 6 42C13 45 15 51 13 57C20 53 26 55 28 61C32 55 40 57 42 63C46 59 48 59 50 65C52 59 54 59 58 63C60 57 68 55 72 61C74 55 80 53 87 57C85 51 87 45 94 42C78 38 65 42 59 50C57 46 55 42 50 42Z',
      '#1d1a2c',
      ' stroke="#1d1a2c" stroke-width="2"',
    ) +
    path('M44 44L44 34L48 41ZM56 44L56 34L52 41Z', '#1d1a2c', ' stroke="#1d1a2c" stroke-width="2"') +
    circle(47, 48, 1.8, '#ff4545', ' stroke="none"') +
    circle(53, 48, 1.8, '#ff4545', ' stroke="none"'),

  mushroom: (k) =>
    path('M36 58C36 72 33 84 38 88H62C67 84 64 72 64 58Z', gloss(k, '#f4e6cf')) +
    path(
      'M10 54C10 28 30 12 50 12C70 12 90 28 90 54C90 61 84 63 78 61H22C16 63 10 61 10 54Z',
      gloss(k, NATURAL.red),
    ) +
    circle(30, 36, 6.5, '#fff', ' stroke="none"') +
    circle(52, 24, 7, '#fff', ' stroke="none"') +
    circle(72, 38, 6, '#fff', ' stroke="none"') +
    circle(48, 48, 4.5, '#fff', ' stroke="none"') +
    circle(22, 52, 3, '#fff', ' stroke="none"') +
    circle(80, 54, 3, '#fff', ' stroke="none"'),

  flower: (k) => {
    const fill = gloss(k, k.pal.primary === k.pal.accent ? k.pal.secondary : k.pal.accent)
    return (
      [0, 60, 120, 180, 240, 300]
        .map((angle) => ellipse(50, 27, 12, 19, fill, ` transform="rotate(${angle} 50 50)"`))
        .join('') +
      circle(50, 50, 13, gloss(k, NATURAL.yellow)) +
      circle(46, 46, 2, darken(NATURAL.yellow, 0.3), ' stroke="none"') +
      circle(54, 48, 2, darken(NATURAL.yellow, 0.3), ' stroke="none"') +
      circle(50, 54, 2, darken(NATURAL.yellow, 0.3), ' stroke="none"')
    )
  },

  candy: (k) => {
    const color = k.pal.primary
    return (
      `<g transform="rotate(-22 50 50)">` +
      path('M32 44L10 30L14 50L10 70L32 56Z', gloss(k, lighten(color, 0.15))) +
      path('M68 44L90 30L86 50L90 70L68 56Z', gloss(k, lighten(color, 0.15))) +
      circle(50, 50, 21, gloss(k, color)) +
      path(
        'M50 50m-14 0a14 14 0 0 1 28 0a10 10 0 0 1 -20 0a6 6 0 0 1 12 0',
        'none',
        ' stroke="#fff" stroke-width="4" stroke-opacity=".85"',
      ) +
      `</g>`
    )
  },

  cupcake: (k) =>
    line('M52 18Q54 10 62 8', NATURAL.stem, 2.5) +
    path('M24 56H76L68 88H32Z', gloss(k, k.pal.secondary)) +
    line('M36 60L39 86M50 60V86M64 60L61 86', darken(k.pal.secondary, 0.3), 2) +
    path(
      'M20 58C13 50 22 40 30 42C28 30 42 24 50 30C58 24 72 30 70 42C78 40 87 50 80 58Z',
      gloss(k, mix(NATURAL.pink, k.pal.primary, 0.3)),
    ) +
    line('M32 48L36 46M46 40L49 43M60 46L64 44M42 52L45 54M70 52L67 50M54 54L58 52', k.pal.accent, 3) +
    circle(50, 24, 7, gloss(k, NATURAL.red)) +
    shine(48, 22, 1.6, 2.5, 30),

  cactus: (k) => {
    const green = gloss(k, '#3f9e4a')
    return (
      path('M42 80V24C42 14 58 14 58 24V80Z', green) +
      path('M43 60H30C24 60 22 56 22 50V38C22 31 31 31 31 38V51H43Z', green) +
      path('M57 52H70C76 52 78 48 78 42V30C78 23 69 23 69 30V43H57Z', green) +
      line('M50 20V76', lighten('#3f9e4a', 0.35), 2.5) +
      circle(50, 13, 4.5, k.pal.accent, ' stroke-width="2"') +
      path('M30 78H70L64 94H36Z', gloss(k, '#d0703a'))
    )
  },

  sheriff_star: (k) => {
    const points = starPoints(50, 50, 40, 21, 6)
    const tips = points
      .split(' ')
      .filter((_, i) => i % 2 === 0)
      .map((pair) => {
        const [x, y] = pair.split(',').map(Number)
        return circle(x!, y!, 5.5, gloss(k, k.pal.primary))
      })
      .join('')
    return (
      tips +
      polygon(points, gloss(k, k.pal.primary)) +
      circle(
        50,
        50,
        14,
        lighten(k.pal.primary, 0.2),
        ` stroke="${darken(k.pal.primary, 0.35)}" stroke-width="3"`,
      ) +
      polygon(starPoints(50, 50, 9, 4, 5), darken(k.pal.primary, 0.3), ' stroke="none"') +
      shine(38, 34, 2.5, 6, 30)
    )
  },

  totem: (k) => {
    const eye = (x: number, y: number) =>
      circle(x, y, 4.5, '#fff', ' stroke-width="2"') + circle(x, y, 2, k.ink, ' stroke="none"')
    return (
      path('M8 28L36 22V38L16 40ZM92 28L64 22V38L84 40Z', gloss(k, k.pal.accent)) +
      rect(32, 12, 36, 28, 6, gloss(k, k.pal.primary)) +
      eye(42, 24) +
      eye(58, 24) +
      path('M44 31H56L50 40Z', gloss(k, k.pal.accent), ' stroke-width="2"') +
      rect(30, 40, 40, 26, 4, gloss(k, k.pal.secondary)) +
      eye(41, 50) +
      eye(59, 50) +
      rect(40, 57, 20, 5, 2, k.ink, ' stroke="none"') +
      rect(32, 66, 36, 24, 4, gloss(k, k.pal.primary)) +
      line('M38 74H46M54 74H62M42 82H58', k.ink, 3)
    )
  },

  wild: (k) => {
    const ribbon = mix('#d6143c', k.pal.secondary, 0.15)
    return (
      polygon(starPoints(50, 50, 47, 36, 16), gloss(k, k.pal.primary), ' stroke-width="3"') +
      circle(
        50,
        50,
        30,
        k.defs.radial(lighten(k.pal.primary, 0.6), k.pal.primary, 1, 1, 0.5, 0.5),
        ' stroke="none"',
      ) +
      path('M2 40H98L92 50L98 60H2L8 50Z', gloss(k, ribbon), ' stroke-width="3"') +
      boldText(50, 58.5, 24, 'WILD', '#fff', k.ink, 5, ' textLength="64" lengthAdjust="spacingAndGlyphs"') +
      sparkle(78, 18, 8) +
      sparkle(22, 82, 6)
    )
  },

  scatter: (k) => {
    const disc = mix('#6d28d9', k.pal.secondary, 0.2)
    return (
      circle(50, 46, 40, gloss(k, disc), ` stroke-width="3"`) +
      circle(50, 46, 34, 'none', ` stroke="${k.pal.primary}" stroke-width="2.5" stroke-dasharray="3 4"`) +
      polygon(starPoints(50, 40, 26, 11, 5), gloss(k, k.pal.primary), ' stroke-width="2.5"') +
      rect(4, 60, 92, 22, 11, gloss(k, k.pal.primary), ' stroke-width="3"') +
      boldText(
        50,
        76.5,
        15,
        'SCATTER',
        k.ink,
        lighten(k.pal.primary, 0.6),
        2,
        ' textLength="74" lengthAdjust="spacingAndGlyphs"',
      ) +
      sparkle(84, 14, 8)
    )
  },
}

/**
 * The icon's elements in its 100 × 100 box, wrapped in the group that gives every shape the
 * outline. Callers place it with a transform (the symbol tile, the preview composition).
 */
export function iconBody(icon: IconId, kit: Kit): string {
  const draw = Object.hasOwn(drawings, icon) ? drawings[icon] : undefined
  if (!draw) throw new Error(`unknown icon: ${icon}`)
  return `<g stroke="${kit.ink}" stroke-width="3" stroke-linejoin="round" stroke-linecap="round">${draw(kit)}</g>`
}
