import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '../../lib/translation.tsx'
import { Link, NavLink } from 'react-router'
import { EnterButtons } from '../../components/enter-buttons/enter-buttons.tsx'
import { usePlayer } from '../../features/account/api/get-player.ts'
import {
  SignOutButton,
  UnconfirmedEmailNotice,
  UserMenu,
} from '../../features/account/components/user-menu.tsx'
import logo from '../../assets/logo.svg'
import logoMark from '../../assets/logo-mark.svg'
import styles from './layout.module.css'

/** Below this width the header shows the crown mark in place of the wordmark (layout.module.css too). */
const LOGO_MARK_BELOW_PX = 420

/**
 * The main navigation. `menuOnly` links are in the menu (phones, and a player's header below
 * 1200 px) but not in the header's row, which has room for five links beside Log in and Sign up
 * or the balance (four below 1200 px: `wideOnly`): the logo is the way home there, and the footer
 * links VIP, Crypto and FAQ.
 */
const NAV: ReadonlyArray<{ to: string; key: string; end?: boolean; menuOnly?: boolean; wideOnly?: boolean }> =
  [
    { to: '/', key: 'nav.home', end: true, menuOnly: true },
    { to: '/pokies/all', key: 'nav.games' },
    { to: '/live/all', key: 'nav.live' },
    { to: '/categories/table', key: 'nav.table' },
    { to: '/vip', key: 'nav.vip', wideOnly: true },
    { to: '/benefits-of-crypto', key: 'nav.crypto', menuOnly: true },
    { to: '/faq', key: 'nav.faq', menuOnly: true },
    { to: '/support', key: 'nav.support' },
  ]

/**
 * The sticky header's height as `--header-offset` on the root, for what must fit the window below
 * it (the game frame, anchors scrolled to): the header grows with its notices and the width.
 */
function useHeaderOffset() {
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    const header = ref.current
    if (!header) return
    const root = document.documentElement.style
    const observer = new ResizeObserver(() => root.setProperty('--header-offset', `${header.offsetHeight}px`))
    observer.observe(header)
    return () => {
      observer.disconnect()
      root.removeProperty('--header-offset')
    }
  }, [])
  return ref
}

export function Header() {
  const { t } = useTranslation()
  const [menuOpen, setMenuOpen] = useState(false)
  const player = usePlayer()
  const ref = useHeaderOffset()
  return (
    <header ref={ref} className={`${styles.header} ${player ? styles.signedIn : styles.guest}`}>
      <div className={styles.headerInner}>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls="main-navigation"
          aria-label={t('common.menu')}
          onClick={() => setMenuOpen((v) => !v)}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <Link to="/" className={styles.logo} aria-label={t('common.home_link')}>
          {/* A phone shows the crown alone: the wordmark would squeeze the balance and the menu. */}
          <picture>
            <source media={`(max-width: ${LOGO_MARK_BELOW_PX}px)`} srcSet={logoMark} width={32} height={32} />
            <img src={logo} alt="" width={144} height={32} />
          </picture>
        </Link>
        <nav
          id="main-navigation"
          aria-label={t('nav.label')}
          className={`${styles.nav} ${menuOpen ? styles.navOpen : ''}`}
        >
          {NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                [
                  styles.navLink,
                  isActive && styles.navActive,
                  item.menuOnly && styles.menuOnly,
                  item.wideOnly && styles.wideOnly,
                ]
                  .filter(Boolean)
                  .join(' ')
              }
              onClick={() => setMenuOpen(false)}
            >
              {t(item.key)}
            </NavLink>
          ))}
          {player && (
            // On a phone the header has no room for these: they live in the burger menu.
            <div className={styles.navAccount}>
              <NavLink to="/users" className={styles.navLink} onClick={() => setMenuOpen(false)}>
                {t('nav.profile')}
              </NavLink>
              <SignOutButton onDone={() => setMenuOpen(false)} />
            </div>
          )}
        </nav>
        {player ? <UserMenu player={player} /> : <EnterButtons />}
      </div>
      {player && <UnconfirmedEmailNotice player={player} />}
    </header>
  )
}
