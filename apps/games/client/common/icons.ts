/** Stroke icons in a 24 × 24 box, paths separated by `|` (drawn by dom.ts icon()). */
export const ICON = {
  info: 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20|M12 11v6|M12 7h.01',
  history: 'M3 12a9 9 0 1 0 3-6.7L3 8|M3 3v5h5|M12 7v5l3 3',
  soundOn: 'M4 9h4l5-4v14l-5-4H4z|M16 9a4 4 0 0 1 0 6|M19 6a8 8 0 0 1 0 12',
  soundOff: 'M4 9h4l5-4v14l-5-4H4z|M17 9l5 6|M22 9l-5 6',
  minus: 'M5 12h14',
  plus: 'M12 5v14|M5 12h14',
  spin: 'M20 12a8 8 0 1 1-2.3-5.7|M20 4v5h-5',
  stop: 'M7 7h10v10H7z',
  autoplay: 'M17 2l4 4-4 4|M3 11v-1a4 4 0 0 1 4-4h14|M7 22l-4-4 4-4|M21 13v1a4 4 0 0 1-4 4H3',
  close: 'M6 6l12 12|M18 6L6 18',
  undo: 'M9 14L4 9l5-5|M4 9h10a6 6 0 0 1 0 12h-3',
  clear: 'M3 6h18|M8 6V4h8v2|M6 6l1 14h10l1-14',
  check: 'M5 12l5 5L20 7',
  rebet: 'M21 12a9 9 0 1 1-9-9c2.5 0 4.8 1 6.5 2.7L21 8|M21 3v5h-5',
} as const
