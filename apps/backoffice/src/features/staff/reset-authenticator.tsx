import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { StaffMember } from '@aurum/shared/contracts/admin'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { api } from '../../lib/http.ts'
import { useI18n } from '../../lib/i18n.tsx'
import styles from './staff.module.css'

/**
 * "Reset authenticator" on a member's row, confirmed before anything is sent: the member's password
 * and authenticator are cleared, their sessions end and a new set-up link goes to their e-mail.
 */
export function ResetAuthenticator({
  member,
  onReset,
}: {
  member: StaffMember
  onReset: (result: { member: StaffMember; link?: string }) => void
}) {
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const reset = useMutation({
    mutationFn: () =>
      api<{ member: StaffMember; link?: string }>('POST', `/api/admin/staff/${member.id}/reset-2fa`),
    onSuccess: async (result) => {
      setConfirming(false)
      onReset(result)
      await queryClient.invalidateQueries({ queryKey: ['staff'] })
    },
  })
  const label = t('staff.reset.named', { name: member.name || member.email })
  if (!confirming)
    return (
      <>
        <button
          type="button"
          className="button"
          aria-label={label}
          onClick={() => {
            reset.reset()
            setConfirming(true)
          }}
        >
          {t('staff.reset.action')}
        </button>
        <ErrorNotice error={reset.error} />
      </>
    )
  return (
    <div className={styles.confirm} role="group" aria-label={label}>
      <p role="alert">{t('staff.reset.confirm_text', { name: member.name || member.email })}</p>
      <button
        type="button"
        className="button button-danger"
        disabled={reset.isPending}
        onClick={() => reset.mutate()}
      >
        {t('staff.confirm')}
      </button>
      <button type="button" className="button" onClick={() => setConfirming(false)}>
        {t('staff.cancel')}
      </button>
    </div>
  )
}
