import { useI18n } from '../lib/i18n.tsx'
import { useMe } from '../features/auth/me.ts'

/** A member whose role opens no screen: who they are, and whom to ask. */
export function NoScreens() {
  const { t } = useI18n()
  const me = useMe()
  return (
    <section className="page" aria-labelledby="no-screens-title">
      <h1 id="no-screens-title">{t('no_screens.title')}</h1>
      <p>{t('no_screens.text', { role: me.role.name })}</p>
    </section>
  )
}
