import { useTranslation } from '../../lib/translation.tsx'
import { useNavigate } from 'react-router'
import { useServices } from '../../lib/services.tsx'
import { useStore } from '../../lib/store.ts'
import type { Toast } from './toast-store.ts'
import styles from './toast-area.module.css'

export function ToastArea() {
  const { toasts } = useServices()
  const list = useStore(toasts.store, (s) => s.toasts)
  return (
    <div className={styles.area} aria-live="polite" aria-relevant="additions">
      {list.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onClose={() => toasts.dismiss(toast.id)} />
      ))}
    </div>
  )
}

function ToastItem({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const content = (
    <>
      {toast.title && <p className={styles.title}>{toast.title}</p>}
      {toast.text && <p className={styles.text}>{toast.text}</p>}
    </>
  )
  const actionable = toast.url || toast.callback
  return (
    <div
      className={`${styles.toast} ${styles[toast.type]}`}
      role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
    >
      {toast.image ? <img className={styles.image} src={toast.image} alt="" /> : <span aria-hidden="true" />}
      {actionable ? (
        <button
          type="button"
          className={styles.link}
          onClick={() => {
            toast.callback?.()
            if (toast.url) void navigate(toast.url)
            onClose()
          }}
        >
          {content}
        </button>
      ) : (
        <div>{content}</div>
      )}
      <button type="button" className={styles.close} onClick={onClose} aria-label={t('common.close')}>
        ✕
      </button>
    </div>
  )
}
