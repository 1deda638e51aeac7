import { NavLink, Outlet, useNavigate } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { grants } from '@aurum/shared/contracts/admin'
import { meQuery } from '../features/auth/me.ts'
import { api } from '../lib/http.ts'
import { LANGUAGES, LOCALE_STORAGE_KEY, useI18n } from '../lib/i18n.tsx'
import { SCREENS } from './navigation.ts'
import styles from './layout.module.css'

/** The console's frame: who is signed in, the screens their role opens, and the screen itself. */
export function Layout() {
  const { t, locale } = useI18n()
  // Not useMe: the frame may render once more without a member while it leaves (the router renders
  // the sign-in page in a transition, after its navigation resolved and the member was dropped).
  const me = useQuery(meQuery).data
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const signOut = useMutation({
    mutationFn: () => api<undefined>('DELETE', '/api/admin/session'),
    // The frame leaves first: nothing renders it without a member.
    onSettled: async () => {
      await navigate('/sign-in')
      queryClient.clear()
      queryClient.setQueryData(['me'], null)
    },
  })
  if (!me) return null
  const screens = SCREENS.filter((s) => grants(me.permissions, s.permission))
  return (
    <div className={styles.frame}>
      <a className={styles.skip} href="#main">
        {t('layout.skip')}
      </a>
      <header className={styles.header}>
        <span className={styles.brand}>{t('app.title')}</span>
        <div className={styles.who}>
          <span>
            {me.name} <span className={styles.role}>({me.role.name})</span>
          </span>
          <label className={styles.language}>
            <span className="visually-hidden">{t('layout.language')}</span>
            <select
              value={locale}
              onChange={(event) => {
                localStorage.setItem(LOCALE_STORAGE_KEY, event.target.value)
                location.reload()
              }}
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {t(`languages.${l}`)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            {t('layout.sign_out')}
          </button>
        </div>
      </header>
      <nav className={styles.nav} aria-label={t('layout.navigation')}>
        <ul>
          {screens.map((s) => (
            <li key={s.path}>
              <NavLink to={s.path} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                {t(s.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  )
}
