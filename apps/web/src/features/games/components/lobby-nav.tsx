import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { NavLink, useLocation } from 'react-router'
import { useServices } from '../../../lib/services.tsx'
import { collectionsQuery, providersQuery, type GameProvider } from '../api/lists.ts'
import { ALL_GAMES, categoryPath, producerPath } from '../list-routes.ts'
import styles from './lobby-nav.module.css'

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `${styles.chip} ${isActive ? styles.chipActive : ''}`

/**
 * Arrow keys (and Home, End) move between the category links, as in a toolbar; Tab still visits
 * each link, so the bar works both ways.
 */
function handleArrowKeys(event: KeyboardEvent<HTMLUListElement>) {
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a')]
  const at = links.indexOf(document.activeElement as HTMLAnchorElement)
  if (at < 0) return
  const next =
    event.key === 'ArrowRight'
      ? Math.min(at + 1, links.length - 1)
      : event.key === 'ArrowLeft'
        ? Math.max(at - 1, 0)
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? links.length - 1
            : null
  if (next === null) return
  event.preventDefault()
  links[next]!.focus()
}

/** The studios as a disclosure menu: a button that shows and hides their links. */
function ProviderMenu({ providers }: { providers: GameProvider[] }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const id = useId()
  const { pathname } = useLocation()
  const [openedAt, setOpenedAt] = useState(pathname)
  // A studio chosen (another page): the menu closes.
  if (openedAt !== pathname) {
    setOpenedAt(pathname)
    setOpen(false)
  }
  useEffect(() => {
    if (!open) return
    const close = (event: PointerEvent | FocusEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', close)
    document.addEventListener('focusin', close)
    return () => {
      document.removeEventListener('pointerdown', close)
      document.removeEventListener('focusin', close)
    }
  }, [open])
  if (!providers.length) return null
  return (
    <nav
      ref={root}
      aria-label={t('games.providers_label')}
      className={styles.providers}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return
        event.preventDefault()
        setOpen(false)
        button.current?.focus()
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.providersButton}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      >
        {t('games.providers')}
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" className={styles.chevron}>
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <ul id={id} className={styles.providerList} hidden={!open}>
        {providers.map((p) => (
          <li key={p.slug}>
            <NavLink to={producerPath(p.slug)} className={styles.providerLink}>
              {p.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * The lobby's navigation (spec §2): a bar of the categories that have games for this visitor
 * (scrolling sideways on a phone; marked `data-preload="viewport"`, so a touch screen preloads the
 * list page's code when they come into view) and the studios' menu. Both come from the catalogue
 * api, loaded with the page on the server.
 */
export function LobbyNav() {
  const { t } = useTranslation()
  const { http, env } = useServices()
  const collections = useQuery(collectionsQuery(http, env.locale))
  const providers = useQuery(providersQuery(http))
  const categories = (collections.data ?? []).filter((c) => c.games_count > 0)
  return (
    <div className={styles.bar}>
      <nav aria-label={t('games.categories_label')} className={styles.categories}>
        <ul className={styles.chips} onKeyDown={handleArrowKeys}>
          <li>
            <NavLink to={categoryPath(ALL_GAMES)} className={linkClass} data-preload="viewport">
              {t('games.all_games')}
            </NavLink>
          </li>
          {categories.map((c) => (
            <li key={c.id}>
              <NavLink to={categoryPath(c.id)} className={linkClass} data-preload="viewport">
                {c.title}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <ProviderMenu providers={providers.data ?? []} />
    </div>
  )
}
