import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'
import type { GameItem } from '../api/games.ts'

export interface OpenGame {
  game: GameItem
  /** The currency asked for in the page's query (spec §6), if any. */
  currency?: string
  /** Where the game page shows the frame (full size); null while the page is not shown. */
  slot: HTMLElement | null
  /** Real money, the demo, or neither (a guest and a game without a demo: the sign-in preview). */
  mode: 'real' | 'demo' | null
}

interface GameSessionValue {
  open: OpenGame | null
  /** The game page shows a game; a game already open keeps its mode. */
  show: (
    game: GameItem,
    currency: string | undefined,
    slot: HTMLElement | null,
    mode: OpenGame['mode'],
  ) => void
  setMode: (mode: 'real' | 'demo') => void
  /** The game page was left: the frame shrinks (or closes, by the rules of spec §2). */
  leave: () => void
  close: () => void
}

const GameSessionContext = createContext<GameSessionValue | null>(null)

/**
 * The game being played, kept above the routes so its frame survives navigation: full size on
 * the game page, minimised elsewhere (spec §2).
 */
export function GameSessionProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenGame | null>(null)
  // The actions never change (they only use the state setter): effects that depend on them run
  // once per real change, not on every update of the open game.
  const actions = useMemo(
    () => ({
      show: (
        game: GameItem,
        currency: string | undefined,
        slot: HTMLElement | null,
        mode: OpenGame['mode'],
      ) =>
        setOpen((current) => ({
          game,
          currency,
          slot,
          mode:
            current?.game.identifier === game.identifier && current.currency === currency
              ? current.mode
              : mode,
        })),
      setMode: (mode: 'real' | 'demo') => setOpen((current) => (current ? { ...current, mode } : null)),
      leave: () => setOpen((current) => (current ? { ...current, slot: null } : null)),
      close: () => setOpen(null),
    }),
    [],
  )
  const value = useMemo<GameSessionValue>(() => ({ open, ...actions }), [open, actions])
  return <GameSessionContext.Provider value={value}>{children}</GameSessionContext.Provider>
}

export function useGameSession(): GameSessionValue {
  const value = useContext(GameSessionContext)
  if (!value) throw new Error('useGameSession outside GameSessionProvider')
  return value
}
