import { useTranslation } from '../../../lib/translation.tsx'
import { missingProfileFields } from '@aurum/shared'
import { Button } from '../../../components/button/button.tsx'
import { Modal } from '../../../components/modal/modal.tsx'
import type { ModalComponentProps } from '../../../components/modal/modal-host.tsx'
import { useServices } from '../../../lib/services.tsx'
import { usePlayer } from '../api/get-player.ts'
import { ProfileDetailsForm, type ProfileField } from './profile-details-form.tsx'

/** The complete-profile modal (spec §2, §4): asks only for the fields still missing. */
export function CompleteProfileModal({ entry, close }: ModalComponentProps) {
  const { t } = useTranslation()
  const { toasts } = useServices()
  const player = usePlayer()
  if (!player) return null
  const missing: ProfileField[] = missingProfileFields(player)
  return (
    <Modal entry={entry} title={t('profile.complete_title')} onClose={close}>
      <p>{t('profile.complete_intro')}</p>
      <ProfileDetailsForm
        player={player}
        fields={missing}
        context="edition"
        submitLabel={t('profile.save')}
        onSaved={() => {
          toasts.show({ type: 'success', title: t('profile.saved') })
          close()
        }}
        secondary={
          <Button variant="ghost" onClick={close}>
            {t('auth.later')}
          </Button>
        }
      />
    </Modal>
  )
}
