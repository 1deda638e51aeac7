import { lazy, Suspense } from 'react'
import { loadChunk } from '../../../lib/chunks.ts'
import { useGameSession } from './game-session.tsx'

const GameFrameHost = lazy(() =>
  loadChunk(async () => ({ default: (await import('./game-frame.tsx')).GameFrameHost })),
)

/** The frame's code loads only once a game is opened (it is not part of every page's first load). */
export function GameFrameSlot() {
  const { open } = useGameSession()
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <GameFrameHost />
    </Suspense>
  )
}
