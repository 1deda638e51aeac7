import { useTranslation } from '../../lib/translation.tsx'
import { Button } from '../button/button.tsx'
import { Modal } from './modal.tsx'

/** Asks before closing a modal whose close needs confirmation (over that modal). */
export default function ConfirmClose({ onKeep, onClose }: { onKeep: () => void; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal
      entry={{ name: 'confirm-close', props: {}, flags: { showClose: false }, closing: false }}
      title={t('modal.confirm_close_title')}
      onClose={onKeep}
    >
      <p>{t('modal.confirm_close_text')}</p>
      <div style={{ display: 'flex', gap: 12, justifyContent: 'flex-end' }}>
        <Button variant="secondary" onClick={onKeep}>
          {t('modal.keep_open')}
        </Button>
        <Button onClick={onClose}>{t('modal.close_anyway')}</Button>
      </div>
    </Modal>
  )
}
