import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '../../lib/translation.tsx'
import { timeLeft } from './time-left.ts'
import styles from './countdown.module.css'

interface CountdownProps {
  /** End time (ms since epoch or ISO string). */
  end: number | string
  /** Fired once when zero is reached. */
  onEnd?: () => void
  label?: string
}

/** Days, hours, minutes and seconds; ticks each second and emits an end event at zero (spec §2). */
export function Countdown({ end, onEnd, label }: CountdownProps) {
  const { t } = useTranslation()
  const endMs = typeof end === 'string' ? Date.parse(end) : end
  // The server renders with its clock; the client takes over after hydration.
  const [now, setNow] = useState(() => Date.now())
  const ended = useRef(false)
  const left = timeLeft(endMs, now)

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  useEffect(() => {
    if (left.total === 0 && !ended.current) {
      ended.current = true
      onEnd?.()
    }
  }, [left.total, onEnd])

  const parts = [
    ['days', left.days],
    ['hours', left.hours],
    ['minutes', left.minutes],
    ['seconds', left.seconds],
  ] as const
  return (
    <div className={styles.countdown} role="timer" aria-label={label ?? t('countdown.label')}>
      {parts.map(([unit, value]) => (
        <span key={unit} className={styles.part}>
          <span className={styles.value} suppressHydrationWarning>
            {String(value).padStart(2, '0')}
          </span>
          <span className={styles.unit}>{t(`countdown.${unit}`, { count: value })}</span>
        </span>
      ))}
    </div>
  )
}
