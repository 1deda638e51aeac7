import { useTranslation } from '../../lib/translation.tsx'
import { useNavigation } from 'react-router'
import { useServices } from '../../lib/services.tsx'
import { useStore } from '../../lib/store.ts'
import styles from './global-preloader.module.css'

/** A thin progress bar while any loading entry exists or a navigation is loading. */
export function GlobalPreloader() {
  const { loading } = useServices()
  const { t } = useTranslation()
  const entries = useStore(loading.store, (s) => s.entries.length)
  const navigation = useNavigation()
  const active = entries > 0 || navigation.state !== 'idle'
  return (
    <div
      className={`${styles.bar} ${active ? styles.active : ''}`}
      role="progressbar"
      aria-hidden={!active}
      aria-label={t('common.loading')}
    >
      <span />
    </div>
  )
}
