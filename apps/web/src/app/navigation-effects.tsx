import { useEffect, useRef } from 'react'
import { useTranslation } from '../lib/translation.tsx'
import { useLocation, useMatches, useNavigate } from 'react-router'
import { TIMING } from '@aurum/shared'
import { useServices } from '../lib/services.tsx'
import { HASH_MODALS } from './route-table.ts'
import { placeForMatches, type RouteHandle } from './route-seo.ts'
import { MODALS } from './modal-registry.ts'

declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>
  }
}

/** Scrolls to the element a hash names, retrying while it renders, for up to 5 s (spec §2). */
export function scrollToHash(
  hash: string,
  timeoutMs = TIMING.hashScrollRetryMs,
  intervalMs = 100,
): () => void {
  const id = decodeURIComponent(hash.slice(1))
  const started = Date.now()
  let timer: ReturnType<typeof setTimeout> | undefined
  const attempt = () => {
    const el = id ? document.getElementById(id) : null
    if (el) {
      el.scrollIntoView({ behavior: 'smooth', block: 'start' })
      return
    }
    if (Date.now() - started < timeoutMs) timer = setTimeout(attempt, intervalMs)
  }
  attempt()
  return () => clearTimeout(timer)
}

/**
 * Effects of every navigation (spec §2): a page view, hash modals (hash cleared after
 * 1 s), scrolling to a hash target, and the idle title while the tab is hidden.
 */
export function NavigationEffects() {
  const { t } = useTranslation()
  const { modals, logger, navigation, toasts } = useServices()
  const { t: translate } = useTranslation()
  const location = useLocation()
  const matches = useMatches()
  const navigate = useNavigate()
  const lastPageView = useRef<string | null>(null)

  // The previous path, for the guards' direct-entry rule.
  useEffect(() => navigation.visit(location.pathname), [location.pathname, navigation])

  // A guard that refused a restricted-country guest leaves a notice for the toast (spec §6).
  useEffect(() => {
    const params = new URLSearchParams(location.search)
    const notice = params.get('notice')
    if (notice !== 'registration_restricted' && notice !== 'login_restricted' && notice !== 'limit_reached')
      return
    // The limit-reached warning stays until the player closes it (spec §4).
    toasts.show({
      id: notice,
      type: 'warning',
      title: translate(`notifications.${notice}`),
      ...(notice === 'limit_reached' && { time: 0 }),
    })
    params.delete('notice')
    const search = params.toString()
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true })
  }, [location.search, location.pathname, toasts, translate, navigate])

  // Page view on every route change, with the route's place tag.
  useEffect(() => {
    const key = location.pathname + location.search
    if (lastPageView.current === key) return
    lastPageView.current = key
    window.dataLayer ??= []
    window.dataLayer.push({
      event: 'page_view',
      page_path: location.pathname,
      page_location: window.location.href,
      page_title: document.title,
      place: placeForMatches(matches),
    })
  }, [location.pathname, location.search, matches])

  // Hash modals and hash scrolling.
  useEffect(() => {
    const hash = location.hash
    if (!hash) return
    const modal = HASH_MODALS[hash]
    if (!modal) return scrollToHash(hash)
    // Modals of features still to come (sign-in, sign-up…) are named in the table but have no component yet.
    if (MODALS[modal]) modals.open(modal)
    else logger.log('warn', 'MODAL_NOT_AVAILABLE', new Error(`no component for modal ${modal}`), { hash })
    const timer = setTimeout(() => {
      void navigate(
        { pathname: location.pathname, search: location.search, hash: '' },
        { replace: true, preventScrollReset: true },
      )
    }, TIMING.hashClearDelayMs)
    return () => clearTimeout(timer)
  }, [location.hash, location.pathname, location.search, modals, navigate, logger])

  // Popup routes (/sign-in, /remind, /new-password…): the route's modal opens over the page;
  // closing it goes to the main page, and leaving the route closes it.
  const routeModal = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.modal)
    .find(Boolean)
  useEffect(() => {
    if (!routeModal || !MODALS[routeModal]) return
    modals.open(routeModal)
    const unsubscribe = modals.store.subscribe(() => {
      // Closing (not only closed): the address leaves the route at once, so the next link to it opens it again.
      if (!modals.stack.some((m) => m.name === routeModal && !m.closing)) {
        unsubscribe()
        void navigate('/', { replace: true })
      }
    })
    return () => {
      unsubscribe()
      modals.close(routeModal, { immediate: true })
    }
  }, [routeModal, modals, navigate])

  // Idle title rotation while the tab is hidden.
  useEffect(() => {
    const titles = [t('idle.title_1'), t('idle.title_2'), t('idle.title_3')]
    let original = document.title
    let timer: ReturnType<typeof setTimeout> | undefined
    let index = 0
    const rotate = () => {
      document.title = titles[index % titles.length]!
      index++
      timer = setTimeout(rotate, TIMING.idleTitleDelayMs)
    }
    const onVisibility = () => {
      clearTimeout(timer)
      if (document.hidden) {
        original = document.title
        index = 0
        timer = setTimeout(rotate, TIMING.idleTitleDelayMs)
      } else {
        document.title = original
      }
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [t])

  return null
}
