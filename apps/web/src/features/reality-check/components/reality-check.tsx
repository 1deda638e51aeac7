import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { Button, ButtonLink } from '../../../components/button/button.tsx'
import { Modal } from '../../../components/modal/modal.tsx'
import type { ModalEntry } from '../../../components/modal/modal-store.ts'
import { useRealityCheck } from '../api/reality-check.ts'
import { acknowledgements, dueReminder, nextReminderAt, realityCheckText } from '../reality-check-timing.ts'
import styles from './reality-check.module.css'

/** The game history page (spec §2 /users/games-history). */
export const GAMES_HISTORY_PATH = '/users/games-history'

const ENTRY: ModalEntry = {
  name: 'reality-check',
  props: {},
  // Only an answer closes it: Continue (also Escape and the close icon), history or leave.
  flags: { showClose: true, blockCloseOnOverlay: true },
  closing: false,
}

/**
 * The reality check of a real-money game (docs/responsible-gambling.md "Reality check"): at every
 * interval since the play session started, a dialog with the time played and the session's
 * result, and three answers: continue (the next reminder one interval later), the game history,
 * or leave the game (`onLeave`). Mounted by the game frame while a real-money game is open.
 */
export function RealityCheck({ onLeave }: { onLeave: () => void }) {
  const { t, i18n } = useTranslation()
  const query = useRealityCheck({ live: true })
  const { refetch, dataUpdatedAt } = query
  const session = query.data?.session ?? null
  const intervalMs = (query.data?.interval_minutes ?? 0) * 60_000
  const startedAt = session ? Date.parse(session.started_at) : null
  // "Now" moves when the figures are read again (polling, or the timer of the next reminder) and
  // when the player answers; the dialog's figures are those of the last read.
  const [tick, setTick] = useState(() => Date.now())
  const now = Math.max(tick, dataUpdatedAt)
  const acknowledged = session ? acknowledgements.read(session.started_at) : null
  const due =
    startedAt !== null && intervalMs > 0 ? dueReminder(startedAt, intervalMs, now, acknowledged) : null

  useEffect(() => {
    if (startedAt === null || intervalMs <= 0 || due !== null) return
    const next = nextReminderAt(startedAt, intervalMs, Math.max(now, acknowledged ?? 0))
    // Fresh figures first, then the reminder (a browser may run a sleeping tab's timer late: no harm).
    const timer = setTimeout(
      () => void refetch().finally(() => setTick(Date.now())),
      Math.max(0, next - Date.now()),
    )
    return () => clearTimeout(timer)
  }, [startedAt, intervalMs, due, now, acknowledged, refetch])

  // Stable while the session is the same one, so the open dialog keeps its focus across reads.
  const sessionStart = session?.started_at
  const answer = useCallback(() => {
    if (sessionStart) acknowledgements.write(sessionStart, Date.now())
    setTick(Date.now())
  }, [sessionStart, setTick])

  if (due === null || !session) return null
  const { played, summary } = realityCheckText(session, now, t, i18n.language)
  return (
    <Modal
      entry={ENTRY}
      title={t('reality_check.title')}
      onClose={answer}
      footer={
        <div className={styles.actions}>
          <Button onClick={answer}>{t('reality_check.continue')}</Button>
          <ButtonLink to={GAMES_HISTORY_PATH} variant="secondary" onClick={answer}>
            {t('reality_check.history')}
          </ButtonLink>
          <Button
            variant="secondary"
            onClick={() => {
              answer()
              onLeave()
            }}
          >
            {t('reality_check.leave')}
          </Button>
        </div>
      }
    >
      <div className={styles.text}>
        <p>{played}</p>
        <p>{summary}</p>
      </div>
    </Modal>
  )
}
