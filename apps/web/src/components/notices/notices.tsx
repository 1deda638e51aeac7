import { lazy, Suspense, useEffect, useState } from 'react'
import { COOKIES, TIMING } from '@aurum/shared'
import { readCookie } from '../../lib/cookies.ts'
import { loadChunk } from '../../lib/chunks.ts'

const NoticeCards = lazy(() =>
  loadChunk(async () => ({ default: (await import('./notice-cards.tsx')).NoticeCards })),
)

/** Has the EMP approval been given within its lifetime (spec §9: 31,536,000,000 ms)? */
export function empApproved(stored: string | null, now: number): boolean {
  const at = Number(stored)
  return Number.isFinite(at) && at > 0 && now - at < COOKIES.empApprovalMaxAgeMs
}

/**
 * Cookie and EMP notices, shown 1.5 s after start (spec §2) to visitors who have not answered
 * them; the cards' code loads only then, so it is not part of the first load.
 */
export function Notices() {
  const [due, setDue] = useState<{ cookies: boolean; emp: boolean } | null>(null)

  useEffect(() => {
    const timer = setTimeout(
      () =>
        setDue({
          cookies: !readCookie(COOKIES.cookiesAccepted),
          emp: !empApproved(localStorage.getItem(COOKIES.empApproval), Date.now()),
        }),
      TIMING.noticesDelayMs,
    )
    return () => clearTimeout(timer)
  }, [])

  if (!due || (!due.cookies && !due.emp)) return null
  return (
    <Suspense fallback={null}>
      <NoticeCards {...due} />
    </Suspense>
  )
}
