import type { RgMarkerFigures } from '@aurum/shared/contracts/admin-rg'
import { RG_THRESHOLDS, type RgMarker } from '@aurum/shared/rg-markers'
import { money } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import styles from './rg.module.css'

/** Hours and minutes of play, "3 h 20 min". */
export function useDuration() {
  const { t } = useI18n()
  return (minutes: number) =>
    minutes >= 60
      ? t('rg.hours_minutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
      : t('rg.minutes', { minutes })
}

/** The markers that fired, by name. */
export function FiredMarkers({ fired }: { fired: readonly RgMarker[] }) {
  const { t } = useI18n()
  if (fired.length === 0) return <span className="muted">{t('rg.markers.none_fired')}</span>
  return (
    <ul className={styles.list}>
      {fired.map((m) => (
        <li key={m} className={styles.fired}>
          {t(`rg.marker_names.${m}`)}
        </li>
      ))}
    </ul>
  )
}

/** One figure of a marker, highlighted when its marker fired. */
function Figure({ on, children }: { on: boolean; children: React.ReactNode }) {
  return <span className={on ? styles.fired : undefined}>{children}</span>
}

/** The deposits per day against the baseline. */
export function DepositFigures({ m }: { m: RgMarkerFigures }) {
  const { t, locale } = useI18n()
  const d = m.deposits
  return (
    <Figure on={m.fired.includes('deposits')}>
      {t('rg.markers.deposits_figure', {
        count: d.count,
        per_day: d.per_day.toLocaleString(locale),
        baseline: d.baseline_per_day.toLocaleString(locale),
        busiest: d.busiest_day_count,
      })}
      {d.amounts.length > 0 && (
        <ul className={styles.list}>
          {d.amounts.map((a) => (
            <li key={a.currency}>
              {t('rg.markers.amount_figure', {
                amount: money(a.per_day, a.currency, locale),
                baseline: money(a.baseline_per_day, a.currency, locale),
              })}
            </li>
          ))}
        </ul>
      )}
    </Figure>
  )
}

export function SessionFigures({ m }: { m: RgMarkerFigures }) {
  const duration = useDuration()
  const { t } = useI18n()
  return (
    <Figure on={m.fired.includes('session')}>
      {t('rg.markers.session_figure', {
        longest: duration(m.play.longest_session_minutes),
        total: duration(m.play.total_minutes),
      })}
    </Figure>
  )
}

export function NightFigures({ m }: { m: RgMarkerFigures }) {
  const duration = useDuration()
  const { t, locale } = useI18n()
  return (
    <Figure on={m.fired.includes('night_play')}>
      {t('rg.markers.night_figure', {
        share: m.play.night_share.toLocaleString(locale, { style: 'percent' }),
        night: duration(m.play.night_minutes),
      })}
    </Figure>
  )
}

export function ReversedFigures({ m }: { m: RgMarkerFigures }) {
  return <Figure on={m.fired.includes('reversed_withdrawals')}>{m.reversed_withdrawals}</Figure>
}

/** The thresholds, as the report applies them (packages/shared/src/rg-markers.ts). */
export function Thresholds() {
  const { t, locale } = useI18n()
  const th = RG_THRESHOLDS
  return (
    <details>
      <summary>{t('rg.markers.thresholds')}</summary>
      <ul>
        <li>{t('rg.markers.threshold_deposits', { ratio: th.depositsRatio, min: th.depositsPerDayMin })}</li>
        <li>{t('rg.markers.threshold_session', { hours: th.sessionMinutes / 60 })}</li>
        <li>
          {t('rg.markers.threshold_night', {
            share: th.nightShare.toLocaleString(locale, { style: 'percent' }),
            hours: th.nightMinutesMin / 60,
          })}
        </li>
        <li>{t('rg.markers.threshold_reversed', { count: th.reversedWithdrawals })}</li>
      </ul>
    </details>
  )
}
