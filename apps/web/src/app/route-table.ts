/**
 * The route table of spec §2 with the flags the guards read. `mounted` routes have
 * screens now; the others arrive with the issues that build their features, and their
 * flags are here so the guards are written and tested once.
 */
export interface RouteMeta {
  id: string
  path: string
  requiresAuth?: boolean
  requiresGuest?: boolean
  notAllowedFor451?: boolean
  /** Cashbox and comp-point routes: no direct entry (spec §2). */
  noDirectEntry?: boolean
  /** Opens this modal over the main page. */
  modal?: string
  /** Analytics place tag. */
  place?: string
}

export const ROUTES: readonly RouteMeta[] = [
  { id: 'main', path: '/', place: 'main' },
  { id: 'pokies', path: '/pokies/:slug', place: 'lobby' },
  { id: 'live', path: '/live/:slug', place: 'live' },
  { id: 'favorite-games', path: '/favorite-games', requiresAuth: true },
  { id: 'category', path: '/categories/:slug', place: 'category' },
  { id: 'producer', path: '/producers/:slug/:page?', place: 'producer' },
  { id: 'games-link', path: '/games/:id', place: 'category' },
  { id: 'welcome-bonuses', path: '/welcome-bonuses', place: 'promo' },
  { id: 'game', path: '/play/:producer/:name', notAllowedFor451: true, place: 'game' },
  { id: 'cashbox', path: '/cashbox', requiresAuth: true, noDirectEntry: true, modal: 'cashbox-dashboard' },
  {
    id: 'dashboard',
    path: '/dashboard',
    requiresAuth: true,
    noDirectEntry: true,
    modal: 'cashbox-dashboard',
  },
  { id: 'deposit', path: '/deposit', requiresAuth: true, noDirectEntry: true, modal: 'cashbox-deposit' },
  { id: 'withdraw', path: '/withdraw', requiresAuth: true, noDirectEntry: true, modal: 'cashbox-withdraw' },
  {
    id: 'deposit-fast',
    path: '/deposit-fast',
    requiresAuth: true,
    noDirectEntry: true,
    modal: 'cashbox-deposit-fast',
  },
  {
    id: 'exchange-compoints',
    path: '/exchange-compoints',
    requiresAuth: true,
    noDirectEntry: true,
    modal: 'exchange-compoints',
  },
  { id: 'tournaments', path: '/tournaments/:tab?', place: 'tournaments' },
  { id: 'tournament', path: '/tournaments/:slug', place: 'tournament' },
  { id: 'lottery', path: '/lottery/:slug', place: 'lottery' },
  { id: 'users', path: '/users/*', requiresAuth: true },
  { id: 'limits-confirm', path: '/profile/limits/confirm' },
  { id: 'support', path: '/support', place: 'support' },
  { id: 'action', path: '/action/:slug?', place: 'quest' },
  { id: 'benefits-of-crypto', path: '/benefits-of-crypto' },
  { id: 'rocket-wheel', path: '/rocket-wheel' },
  { id: 'oops', path: '/oops' },
  { id: 'sign-in', path: '/sign-in', requiresGuest: true, modal: 'login-form' },
  { id: 'sign-up', path: '/sign-up', requiresGuest: true, modal: 'sign-up' },
  { id: 'remind', path: '/remind', requiresGuest: true, modal: 'password-reminder' },
  { id: 'registration', path: '/registration', requiresGuest: true, notAllowedFor451: true },
  { id: 'login', path: '/login', requiresGuest: true, notAllowedFor451: true },
  { id: 'new-password', path: '/new-password', requiresGuest: true, modal: 'new-password' },
  { id: 'email-verify', path: '/email-verify', modal: 'email-verify' },
  { id: 'confirmation', path: '/confirmation' },
  { id: 'sport', path: '/sport/*' },
  { id: 'privacy-policy', path: '/privacy-policy' },
  { id: 'terms-and-conditions', path: '/terms-and-conditions' },
]

/** Redirects of spec §2. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/users/password/edit': '/new-password',
  '/users/confirmation': '/confirmation',
  '/accounts/history': '/',
}

/** URL hashes that open modals (spec §2); `#support` is ours, for the support popup. */
export const HASH_MODALS: Readonly<Record<string, string>> = {
  '#sign-in': 'login-form',
  '#sign-up': 'sign-up',
  '#remind': 'password-reminder',
  '#new-password': 'new-password',
  '#users/password/edit': 'new-password',
  '#support': 'support',
}

export const routeMeta = (id: string): RouteMeta => {
  const meta = ROUTES.find((r) => r.id === id)
  if (!meta) throw new Error(`unknown route ${id}`)
  return meta
}
