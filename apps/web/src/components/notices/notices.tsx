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
    const root = document.documentElement
    const dueNow = () => ({
      cookies: !readCookie(COOKIES.cookiesAccepted),
      emp: !empApproved(localStorage.getItem(COOKIES.empApproval), Date.now()),
    })
    // The server keeps room for both notices while the cookie one is to answer (global.css); only
    // this browser knows about the EMP approval, so the room is set right at once, not at 1.5 s.
    const first = dueNow()
    if (!first.cookies && !first.emp) delete root.dataset.notices
    else if (root.dataset.notices && !first.emp)
      root.dataset.notices = root.dataset.notices.replace('due', 'cookies')
    const timer = setTimeout(() => {
      const due = dueNow()
      if (!due.cookies && !due.emp) delete root.dataset.notices
      setDue(due)
    }, TIMING.noticesDelayMs)
    return () => clearTimeout(timer)
  }, [])

  if (!due || (!due.cookies && !due.emp)) return null
  return (
    <Suspense fallback={null}>
      <NoticeCards {...due} />
    </Suspense>
  )
}
