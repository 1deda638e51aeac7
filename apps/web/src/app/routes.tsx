import {
  data,
  isRouteErrorResponse,
  redirect,
  useRouteError,
  type LoaderFunctionArgs,
  type RouteObject,
  type ShouldRevalidateFunction,
} from 'react-router'
import type { QueryClient } from '@tanstack/react-query'
import type { AppServices } from '../lib/services.tsx'
import type { RouteHandle } from './route-seo.ts'
import { REDIRECTS, ROUTES, routeMeta } from './route-table.ts'
import { MODALS } from './modal-registry.ts'
import { runGuards } from './guards.ts'
import { playerQuery } from '../features/account/api/get-player.ts'
import { accountsQuery } from '../features/wallet/api/accounts.ts'
import {
  gameBySeoTitleQuery,
  gamesFirstPageQuery,
  TOP_GAMES,
  TOP_GAMES_COUNT,
} from '../features/games/api/games.ts'
import { latestWinsQuery } from '../features/games/api/latest-wins.ts'
import { favouriteGamesQuery, favouriteIdsQuery } from '../features/games/api/favourites.ts'
import { collectionsQuery, providersQuery } from '../features/games/api/lists.ts'
import { RootLayout } from './layout/root-layout.tsx'
import { HomePage } from './routes/home-page.tsx'
import { StaticPage } from '../features/content/routes/static-page.tsx'
import { NotFoundPage, OopsPage } from '../features/errors/routes/error-pages.tsx'
import { filesQuery } from '../features/content/api/get-files.ts'
import { pageQuery } from '../features/content/api/get-page.ts'
import { flattenPagePaths, pagesQuery } from '../features/content/api/get-pages.ts'
import { snippetsQuery } from '../features/content/api/get-snippets.ts'
import { countriesQuery } from '../features/info/api/get-countries.ts'
import { localesQuery } from '../features/info/api/get-locales.ts'
import { projectQuery } from '../features/info/api/get-project.ts'
import { HttpError } from '../lib/http/errors.ts'
import { loadErrorLabel } from '../lib/logger.ts'
import type { CmsPage } from '@aurum/shared'
import { useParams } from 'react-router'
import { cmsTextFromCache } from '../features/content/cms-text.ts'
import { routePatterns, type MountedRoutesHandle } from '../lib/mounted-routes.ts'
import type { AppEnv } from '../lib/services.tsx'

/**
 * SEO meta stored in the CMS for an app route (pages in the `seo` category) or of a static page,
 * when there is one, with its amounts in the visitor's currency.
 */
function cmsSeo(queryClient: QueryClient, env: AppEnv, path: string) {
  const page = queryClient.getQueryData<CmsPage>(['cms', 'page', env.locale, path])
  if (!page) return undefined
  const cmsText = cmsTextFromCache(queryClient, env)
  return {
    title: cmsText(page.blocks.title),
    description: cmsText(page.blocks.description),
    keywords: cmsText(page.blocks.keywords),
  }
}

function i18nSeo(key: string): RouteHandle['seo'] {
  return ({ t, queryClient, env }) =>
    cmsSeo(queryClient, env, `seo/${key}`) ?? {
      title: t(`seo.${key}.title`),
      description: t(`seo.${key}.description`),
      keywords: t(`seo.${key}.keywords`),
    }
}

function StaticRoute() {
  const params = useParams()
  return <StaticPage path={params['*'] ?? ''} />
}

/** Loader errors of a page: not found for 404, the oops page for anything else. */
function PageError() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  return <OopsPage />
}

/** The lobby search (`?q=`) changes no route data: loaders run again only for another path. */
const searchOnly: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate

/** Routes that are popups over the main page (spec §2) and whose modal exists, with their modal names. */
const POPUP_ROUTES = ROUTES.filter((r) => r.modal && MODALS[r.modal]).map((r) => ({
  id: r.id,
  path: r.path.slice(1),
  modal: r.modal!,
}))

export function createRoutes(services: AppServices): RouteObject[] {
  const { http, queryClient, env, logger } = services

  /** Loads queries in parallel; each failure is logged and does not stop the page (spec §1). */
  const loadAll = async (
    queries: Array<{ queryKey: readonly unknown[]; queryFn?: unknown }>,
    optional = false,
  ) => {
    const results = await Promise.allSettled(
      queries.map((q) => queryClient.query(q as Parameters<QueryClient['query']>[0])),
    )
    results.forEach((r) => {
      if (
        r.status === 'rejected' &&
        !(optional && r.reason instanceof HttpError && r.reason.response?.status === 404)
      ) {
        const url = r.reason instanceof HttpError ? r.reason.config.url : 'startup'
        logger.log('error', loadErrorLabel(url), r.reason)
      }
    })
  }

  const seoPage = (key: string) => pageQuery(http, env.locale, `seo/${key}`)

  const staticPageLoader = async ({ params }: LoaderFunctionArgs) => {
    const path = (params['*'] ?? '').replace(/\/$/, '')
    const pages = await queryClient.query(pagesQuery(http, env.locale)).catch(() => [])
    if (!flattenPagePaths(pages).includes(path)) throw data(null, { status: 404 })
    try {
      await queryClient.query(pageQuery(http, env.locale, path))
    } catch (error) {
      if (error instanceof HttpError && error.response?.status === 404) throw data(null, { status: 404 })
      throw error
    }
    return null
  }

  /** A page's handle; `module` is the source a lazy page loads (its manifest key, linked by the server). */
  const pageHandle = (key: string, place?: string, module?: string): RouteHandle => ({
    seo: i18nSeo(key),
    place,
    module,
  })

  const loadMainPage = async () => {
    await Promise.all([
      loadAll([seoPage('main')], true),
      // The lobby row renders on the server too (a failure leaves the row to the client).
      queryClient.query(gamesFirstPageQuery(http, TOP_GAMES, TOP_GAMES_COUNT)).catch(() => undefined),
      // So does the latest-wins strip; live wins are added in the browser.
      queryClient.query(latestWinsQuery(http)).catch(() => undefined),
      // And the lobby's category bar and studio menu.
      queryClient.query(collectionsQuery(http, env.locale)).catch(() => undefined),
      queryClient.query(providersQuery(http)).catch(() => undefined),
    ])
    return null
  }

  /** Runs the guards of a route from the table before its own loader (spec §2). */
  const guarded =
    (id: string) =>
    async ({ request }: LoaderFunctionArgs) => {
      const meta = routeMeta(id)
      const player = await queryClient.query(playerQuery(http)).catch(() => null)
      const url = new URL(request.url)
      const result = runGuards(
        meta,
        { loggedIn: !!player, restricted: env.restricted, previousPath: services.navigation.currentPath },
        url.pathname.replace(env.basename === '/' ? /^$/ : new RegExp(`^${env.basename}`), '') + url.search,
      )
      if (result.allow) return null
      if (result.reason === 'notAllowedFor451') {
        throw redirect(`/?notice=${id === 'login' ? 'login_restricted' : 'registration_restricted'}`)
      }
      throw redirect(result.redirect)
    }

  /**
   * The game route's limit check (spec §2): a signed-in player's limits are loaded first (fresh);
   * a reached one (spec §4, in the game's currency) sends the player to the limits page, where the
   * warning toast says so.
   */
  const limitsGuard = async ({ request }: LoaderFunctionArgs) => {
    const player = await queryClient.query(playerQuery(http)).catch(() => null)
    if (!player) return
    // Loaded here, not with every page: only a signed-in player's game route needs it.
    const { limitsQuery, reachedLimit } = await import('../features/limits/api/limits.ts')
    const limits = await queryClient.query({ ...limitsQuery(http), staleTime: 0 }).catch((error: unknown) => {
      logger.log('error', 'LOAD_USER_LIMITS', error)
      return null
    })
    const currency = new URL(request.url).searchParams.get('currency') ?? player.currency
    if (limits && reachedLimit(limits, currency)) throw redirect('/users/limits?notice=limit_reached')
  }

  const routes: RouteObject[] = [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <PageError />,
      // Start-up loads (spec §1) that the first render needs; the rest load after hydration.
      loader: async () => {
        await loadAll([
          playerQuery(http),
          pagesQuery(http, env.locale),
          snippetsQuery(http, env.locale),
          filesQuery(http, env.locale),
          localesQuery(http, env.locale),
          projectQuery(http),
        ])
        // A signed-in player's header shows the balance from the first paint (it grew by the
        // balance after hydration, moving the header's menu).
        if (queryClient.getQueryData(playerQuery(http).queryKey)) await loadAll([accountsQuery(http)])
        return null
      },
      shouldRevalidate: () => false,
      children: [
        {
          index: true,
          id: 'main',
          element: <HomePage />,
          shouldRevalidate: searchOnly,
          loader: loadMainPage,
          handle: pageHandle('main', 'main'),
        },
        {
          path: 'support',
          id: 'support',
          lazy: async () => ({
            Component: (await import('./routes/support-page.tsx')).SupportPage,
          }),
          loader: async () => {
            await loadAll([seoPage('support')], true)
            return null
          },
          handle: pageHandle('support', 'support', 'src/app/routes/support-page.tsx'),
        },
        { path: 'oops', id: 'oops', element: <OopsPage />, handle: pageHandle('oops') },
        {
          path: 'confirmation',
          id: 'confirmation',
          lazy: async () => ({
            Component: (await import('./routes/confirmation-page.tsx')).ConfirmationPage,
          }),
          handle: pageHandle('confirmation', undefined, 'src/app/routes/confirmation-page.tsx'),
        },
        {
          path: 'login',
          id: 'login',
          loader: guarded('login'),
          lazy: async () => ({ Component: (await import('./routes/auth-pages.tsx')).LoginPage }),
          handle: pageHandle('login', 'login', 'src/app/routes/auth-pages.tsx'),
        },
        {
          path: 'registration',
          id: 'registration',
          loader: guarded('registration'),
          lazy: async () => ({ Component: (await import('./routes/auth-pages.tsx')).RegistrationPage }),
          handle: pageHandle('registration', 'registration', 'src/app/routes/auth-pages.tsx'),
        },
        // Popup routes (spec §2): the main page with the route's modal over it.
        ...POPUP_ROUTES.map(({ id, path, modal }): RouteObject => ({
          path,
          id,
          element: <HomePage />,
          loader: async (args) => {
            await guarded(id)(args)
            // The same main page under the modal, rendered as fully (its lobby row too).
            return loadMainPage()
          },
          handle: { ...pageHandle('main', 'main'), modal },
        })),
        {
          // The game page (spec §2): its guard runs first (no game page for restricted-country
          // guests); a game the catalogue does not have (or not under this producer) is not found.
          path: 'play/:producer/:name',
          id: 'game',
          loader: async (args) => {
            await guarded('game')(args)
            const game = await queryClient
              .query(gameBySeoTitleQuery(http, args.params.name ?? ''))
              .catch(() => null)
            if (!game || game.provider !== args.params.producer) throw data(null, { status: 404 })
            await limitsGuard(args)
            return game
          },
          lazy: async () => ({
            Component: (await import('../features/games/routes/game-page.tsx')).GamePage,
          }),
          errorElement: <PageError />,
          handle: pageHandle('main', 'game', 'src/features/games/routes/game-page.tsx'),
        },
        {
          path: 'favorite-games',
          id: 'favorite-games',
          // The list comes with the page (rendered on the server, no footer pushed down after).
          loader: async (args) => {
            await guarded('favorite-games')(args)
            await loadAll([favouriteGamesQuery(http), favouriteIdsQuery(http)])
            return null
          },
          lazy: async () => ({
            Component: (await import('../features/games/routes/favourites-page.tsx')).FavouritesPage,
          }),
          handle: pageHandle('main', 'favourites', 'src/features/games/routes/favourites-page.tsx'),
        },
        ...(
          [
            ['pokies/:slug', 'pokies', 'pokies'],
            ['live/:slug', 'live', 'live'],
            ['categories/:slug', 'category', 'category'],
            // The link form of a category list (spec §2): canonical is the category's own address.
            ['games/:id', 'games-link', 'category'],
            ['producers/:slug/:page?', 'producer', 'producer'],
          ] as const
        ).map(([path, id, kind]): RouteObject => {
          // The list's titles read its data and come with the page's code (not in the first
          // bundle); the handle itself is static, so the server links the page's module.
          let listSeo: RouteHandle['seo']
          return {
            path,
            id,
            lazy: async () => {
              const list = await import('../features/games/routes/games-list-page.tsx')
              listSeo = (ctx) => list.gameListSeo(kind, ctx)
              return {
                loader: async (args: LoaderFunctionArgs) => {
                  await guarded(id)(args)
                  return list.loadGameList(
                    services,
                    kind,
                    args.params.slug ?? args.params.id,
                    args.params.page,
                  )
                },
                Component: list.GamesListPage,
              }
            },
            shouldRevalidate: searchOnly,
            errorElement: <PageError />,
            handle: {
              module: 'src/features/games/routes/games-list-page.tsx',
              seo: (ctx) => listSeo?.(ctx),
              place: routeMeta(id).place,
              canonical: id === 'games-link' ? ({ id: category }) => `/categories/${category}` : undefined,
            } satisfies RouteHandle,
          }
        }),
        {
          path: 'users',
          id: 'users',
          loader: guarded('users'),
          lazy: async () => ({
            Component: (await import('../features/profile/routes/users-layout.tsx')).UsersLayout,
          }),
          handle: pageHandle('users', 'profile', 'src/features/profile/routes/users-layout.tsx'),
          children: [
            {
              index: true,
              id: 'users-profile',
              // The details form's country list renders on the server too, so a direct load shows
              // the saved country at once (spec §1: the first render has what it needs).
              loader: async () => {
                await loadAll([countriesQuery(http, env.locale)])
                return null
              },
              handle: { module: 'src/features/profile/routes/profile-page.tsx' } satisfies RouteHandle,
              lazy: async () => ({
                Component: (await import('../features/profile/routes/profile-page.tsx')).ProfilePage,
              }),
            },
            {
              path: 'verification',
              id: 'users-verification',
              // The page's state comes with it (rendered on the server, not "Loading" then the page).
              loader: async () => {
                const { documentsQuery, verificationQuery } =
                  await import('../features/verification/api/documents.ts')
                await loadAll([verificationQuery(http), documentsQuery(http)])
                return null
              },
              lazy: async () => ({
                Component: (await import('../features/verification/routes/verification-page.tsx'))
                  .VerificationPage,
              }),
              handle: pageHandle(
                'users_verification',
                'profile',
                'src/features/verification/routes/verification-page.tsx',
              ),
            },
            {
              path: 'limits',
              id: 'users-limits',
              // The limits and the reality-check interval render on the server, not "Loading" and
              // then a list that pushes the page down after hydration.
              loader: async () => {
                const [{ limitsQuery }, { realityCheckQuery }] = await Promise.all([
                  import('../features/limits/api/limits.ts'),
                  import('../features/reality-check/api/reality-check.ts'),
                ])
                await loadAll([limitsQuery(http), realityCheckQuery(http)])
                return null
              },
              lazy: async () => ({
                Component: (await import('../features/limits/routes/limits-page.tsx')).LimitsPage,
              }),
              handle: pageHandle('users_limits', 'profile', 'src/features/limits/routes/limits-page.tsx'),
            },
            {
              path: 'security',
              id: 'users-security',
              lazy: async () => ({
                Component: (await import('../features/profile/routes/security-page.tsx')).SecurityPage,
              }),
              handle: pageHandle(
                'users_security',
                'profile',
                'src/features/profile/routes/security-page.tsx',
              ),
            },
            {
              path: 'games-history',
              id: 'users-games-history',
              lazy: async () => ({
                Component: (await import('../features/history/routes/games-history-page.tsx'))
                  .GamesHistoryPage,
              }),
              handle: pageHandle(
                'users_games_history',
                'profile',
                'src/features/history/routes/games-history-page.tsx',
              ),
            },
            {
              path: 'payments-history',
              id: 'users-payments-history',
              lazy: async () => ({
                Component: (await import('../features/history/routes/payments-history-page.tsx'))
                  .PaymentsHistoryPage,
              }),
              handle: pageHandle(
                'users_payments_history',
                'profile',
                'src/features/history/routes/payments-history-page.tsx',
              ),
            },
            {
              // Any other address under /users: the account's guard first (a guest is sent to
              // registration as from every account page), then a not-found page (404) inside the
              // account layout, rather than the site-wide static-page lookup.
              path: '*',
              id: 'users-not-found',
              loader: async (args) => {
                await guarded('users')(args)
                throw data(null, { status: 404 })
              },
              errorElement: <PageError />,
            },
          ],
        },
        {
          // The link of the limit-change e-mail (spec §2); no sign-in needed.
          path: 'profile/limits/confirm',
          id: 'limits-confirm',
          lazy: async () => ({
            Component: (await import('../features/limits/routes/limits-confirm-page.tsx')).LimitsConfirmPage,
          }),
          handle: pageHandle(
            'limits_confirm',
            'profile',
            'src/features/limits/routes/limits-confirm-page.tsx',
          ),
        },
        ...Object.entries(REDIRECTS).map(([from, to]): RouteObject => ({
          path: from.slice(1),
          loader: ({ request }) => redirect(to + new URL(request.url).search),
        })),
        {
          path: '*',
          id: 'static-page',
          element: <StaticRoute />,
          loader: staticPageLoader,
          errorElement: <PageError />,
          handle: {
            seo: ({ queryClient: qc, env: e, params }) =>
              cmsSeo(qc, e, (params['*'] ?? '').replace(/\/$/, '')),
          } satisfies RouteHandle,
        },
      ],
    },
  ]
  // Content shows only links that lead somewhere: the patterns of this very tree (lib/mounted-routes.ts).
  routes[0]!.handle = { mountedPatterns: routePatterns(routes) } satisfies MountedRoutesHandle
  return routes
}
