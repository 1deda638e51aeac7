import { useTranslation } from '../../../lib/translation.tsx'
import { NavLink, Outlet } from 'react-router'
import styles from '../components/users.module.css'

/** Children of the profile area that exist so far; level, gifts, limits and the rest join as they are built. */
const TABS = [
  { to: '/users', key: 'profile.tab_profile', end: true },
  { to: '/users/verification', key: 'verification.tab', end: false },
  { to: '/users/limits', key: 'profile.tab_limits', end: false },
  { to: '/users/games-history', key: 'history.tab_games', end: false },
  { to: '/users/payments-history', key: 'history.tab_payments', end: false },
  { to: '/users/security', key: 'profile.tab_security', end: false },
] as const

/** The profile area (spec §2 /users): its sections as tabs above the page. */
export function UsersLayout() {
  const { t } = useTranslation()
  return (
    <div className={styles.area}>
      <h1>{t('profile.title')}</h1>
      <nav aria-label={t('profile.sections')}>
        <ul className={styles.tabs}>
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} end={tab.end}>
                {t(tab.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  )
}
