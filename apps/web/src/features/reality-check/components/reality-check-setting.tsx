import { useId, useState } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { FormAlert, SelectField } from '../../../components/form/field.tsx'
import { fieldErrors } from '../../../lib/http/errors.ts'
import { usePlayer } from '../../account/api/get-player.ts'
import { useRealityCheck, useSetRealityCheckInterval } from '../api/reality-check.ts'
import styles from './reality-check.module.css'

/**
 * "Reality check every …": the player's choice of interval (docs/responsible-gambling.md "Reality
 * check"), saved as soon as it changes. Self-contained (its own data), for the game page and the
 * limits page; renders nothing until the player's setting is known (guests have none).
 */
export function RealityCheckSetting({ className }: { className?: string }) {
  const { t } = useTranslation()
  const player = usePlayer()
  const query = useRealityCheck({ enabled: !!player })
  const save = useSetRealityCheckInterval()
  const [saved, setSaved] = useState<number | null>(null)
  const hintId = useId()
  const state = query.data
  if (!player || !state) return null
  const error = save.isError
    ? (fieldErrors(save.error)?.interval_minutes?.[0] ?? t('reality_check.save_failed'))
    : undefined
  return (
    <div className={[styles.setting, className].filter(Boolean).join(' ')}>
      <SelectField
        label={t('reality_check.setting_label')}
        value={save.isPending ? save.variables : state.interval_minutes}
        aria-describedby={hintId}
        onChange={(event) => {
          const minutes = Number(event.target.value)
          setSaved(null)
          save.mutate(minutes, { onSuccess: () => setSaved(minutes) })
        }}
      >
        {state.options.map((minutes) => (
          <option key={minutes} value={minutes}>
            {t('reality_check.minutes', { minutes })}
          </option>
        ))}
      </SelectField>
      <p id={hintId} className={styles.status}>
        {t('reality_check.setting_hint')}
      </p>
      <p className={styles.status} role="status">
        {saved !== null ? t('reality_check.saved', { minutes: saved }) : ''}
      </p>
      <FormAlert message={error} />
    </div>
  )
}
