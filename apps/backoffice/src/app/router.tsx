import { createBrowserRouter, redirect, type LoaderFunctionArgs } from 'react-router'
import { grants, type Permission } from '@aurum/shared/contracts/admin'
import { meQuery } from '../features/auth/me.ts'
import { queryClient } from './query-client.ts'
import { SCREENS } from './navigation.ts'
import { RouteError } from './route-error.tsx'
import { Loading } from './loading.tsx'

/** The signed-in member, or a redirect to the sign-in page that comes back here afterwards. */
async function requireMember({ request }: LoaderFunctionArgs) {
  const me = await queryClient.query(meQuery)
  if (!me) {
    const url = new URL(request.url)
    const next = url.pathname.replace(/^\/backoffice/, '') + url.search
    throw redirect(`/sign-in${next && next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`)
  }
  return me
}

/** A screen's guard: its permission, or the page that says it is not this member's to see. */
function guarded(permission: Permission) {
  return async () => {
    const me = await queryClient.query(meQuery)
    if (me && !grants(me.permissions, permission)) {
      throw new Response('forbidden', { status: 403 })
    }
    return null
  }
}

export function createRouter() {
  return createBrowserRouter(
    [
      {
        path: '/sign-in',
        hydrateFallbackElement: <Loading />,
        lazy: async () => ({ Component: (await import('../features/auth/sign-in-page.tsx')).SignInPage }),
      },
      {
        path: '/setup',
        hydrateFallbackElement: <Loading />,
        lazy: async () => ({ Component: (await import('../features/auth/setup-page.tsx')).SetupPage }),
      },
      {
        path: '/',
        hydrateFallbackElement: <Loading />,
        loader: requireMember,
        lazy: async () => ({ Component: (await import('./layout.tsx')).Layout }),
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            loader: async () => {
              const me = await queryClient.query(meQuery)
              const first = SCREENS.find((s) => me && grants(me.permissions, s.permission))
              return first ? redirect(first.path) : null
            },
            lazy: async () => ({ Component: (await import('./no-screens.tsx')).NoScreens }),
          },
          {
            path: 'dashboard',
            loader: guarded('dashboard:view'),
            lazy: async () => ({
              Component: (await import('../features/dashboard/dashboard-page.tsx')).DashboardPage,
            }),
          },
          {
            path: 'reports',
            loader: guarded('reports:view'),
            lazy: async () => ({
              Component: (await import('../features/reports/reports-page.tsx')).ReportsPage,
            }),
          },
          {
            path: 'staff',
            loader: guarded('staff:view'),
            lazy: async () => ({ Component: (await import('../features/staff/staff-page.tsx')).StaffPage }),
          },
          {
            path: 'staff/roles',
            loader: guarded('staff:view'),
            lazy: async () => ({ Component: (await import('../features/staff/roles-page.tsx')).RolesPage }),
          },
          {
            path: 'staff/sign-ins',
            loader: guarded('staff:view'),
            lazy: async () => ({
              Component: (await import('../features/staff/sign-ins-page.tsx')).SignInsPage,
            }),
          },
          {
            path: 'payments',
            loader: guarded('payments:view'),
            lazy: async () => ({
              Component: (await import('../features/payments/payments-page.tsx')).PaymentsPage,
            }),
          },
          {
            path: 'payments/stuck',
            loader: guarded('payments:view'),
            lazy: async () => ({
              Component: (await import('../features/payments/stuck-page.tsx')).StuckPage,
            }),
          },
          {
            path: 'payments/approvals',
            loader: guarded('payments:view'),
            lazy: async () => ({
              Component: (await import('../features/payments/approvals-page.tsx')).ApprovalsPage,
            }),
          },
          {
            path: 'payments/:id',
            loader: guarded('payments:view'),
            lazy: async () => ({
              Component: (await import('../features/payments/payment-page.tsx')).PaymentPage,
            }),
          },
          {
            path: 'players',
            loader: guarded('players:view'),
            lazy: async () => ({
              Component: (await import('../features/players/players-page.tsx')).PlayersPage,
            }),
          },
          {
            path: 'players/:id',
            loader: guarded('players:view'),
            lazy: async () => ({
              Component: (await import('../features/players/player-page.tsx')).PlayerPage,
            }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('../features/players/tabs/overview-tab.tsx')).OverviewTab,
                }),
              },
              {
                path: 'wallets',
                lazy: async () => ({
                  Component: (await import('../features/players/tabs/wallets-tab.tsx')).WalletsTab,
                }),
              },
              {
                path: 'ledger',
                lazy: async () => ({
                  Component: (await import('../features/players/tabs/ledger-tab.tsx')).LedgerTab,
                }),
              },
              {
                path: 'adjustments',
                lazy: async () => ({
                  Component: (await import('../features/players/tabs/adjustments-tab.tsx')).AdjustmentsTab,
                }),
              },
              {
                path: 'rounds',
                lazy: async () => ({
                  Component: (await import('../features/players/tabs/rounds-tab.tsx')).RoundsTab,
                }),
              },
              {
                path: 'payments',
                lazy: async () => ({
                  Component: (await import('../features/players/tabs/payments-tab.tsx')).PaymentsTab,
                }),
              },
              {
                path: 'limits',
                lazy: async () => ({
                  Component: (await import('../features/players/tabs/limits-tab.tsx')).LimitsTab,
                }),
              },
              {
                path: 'documents',
                lazy: async () => ({
                  Component: (await import('../features/players/tabs/documents-tab.tsx')).DocumentsTab,
                }),
              },
              {
                path: 'sessions',
                lazy: async () => ({
                  Component: (await import('../features/players/tabs/sessions-tab.tsx')).SessionsTab,
                }),
              },
              {
                path: 'notes',
                lazy: async () => ({
                  Component: (await import('../features/players/tabs/notes-tab.tsx')).NotesTab,
                }),
              },
              {
                path: 'audit',
                lazy: async () => ({
                  Component: (await import('../features/players/tabs/audit-tab.tsx')).AuditTab,
                }),
              },
            ],
          },
          {
            path: 'rg',
            loader: guarded('responsible_gambling:view'),
            lazy: async () => ({
              Component: (await import('../features/rg/players-page.tsx')).RgPlayersPage,
            }),
          },
          {
            path: 'rg/markers',
            loader: guarded('responsible_gambling:view'),
            lazy: async () => ({
              Component: (await import('../features/rg/markers-page.tsx')).RgMarkersPage,
            }),
          },
          {
            path: 'rg/players/:id',
            loader: guarded('responsible_gambling:view'),
            lazy: async () => ({ Component: (await import('../features/rg/player-page.tsx')).RgPlayerPage }),
          },
          {
            path: 'verification',
            loader: guarded('verification:view'),
            lazy: async () => ({
              Component: (await import('../features/verification/queue-page.tsx')).VerificationQueuePage,
            }),
          },
          {
            path: 'verification/:id',
            loader: guarded('verification:view'),
            lazy: async () => ({
              Component: (await import('../features/verification/document-page.tsx')).DocumentPage,
            }),
          },
          {
            path: 'games',
            loader: guarded('games:view'),
            lazy: async () => ({ Component: (await import('../features/games/games-page.tsx')).GamesPage }),
          },
          {
            path: 'games/rounds',
            loader: guarded('games:view'),
            lazy: async () => ({ Component: (await import('../features/games/rounds-page.tsx')).RoundsPage }),
          },
          {
            path: 'games/:id',
            loader: guarded('games:view'),
            lazy: async () => ({ Component: (await import('../features/games/game-page.tsx')).GamePage }),
          },
          {
            path: 'content',
            loader: guarded('content:view'),
            lazy: async () => ({
              Component: (await import('../features/content/pages-page.tsx')).ContentPagesPage,
            }),
          },
          {
            path: 'content/pages',
            loader: () => redirect('/content'),
          },
          {
            path: 'content/pages/:id',
            loader: guarded('content:view'),
            lazy: async () => ({
              Component: (await import('../features/content/page-editor.tsx')).PageEditorPage,
            }),
          },
          {
            path: 'content/snippets',
            loader: guarded('content:view'),
            lazy: async () => ({
              Component: (await import('../features/content/snippets-page.tsx')).ContentSnippetsPage,
            }),
          },
          {
            path: 'content/snippets/:id',
            loader: guarded('content:view'),
            lazy: async () => ({
              Component: (await import('../features/content/snippet-editor.tsx')).SnippetEditorPage,
            }),
          },
          {
            path: 'content/files',
            loader: guarded('content:view'),
            lazy: async () => ({
              Component: (await import('../features/content/files-page.tsx')).ContentFilesPage,
            }),
          },
          {
            path: 'content/files/:id',
            loader: guarded('content:view'),
            lazy: async () => ({
              Component: (await import('../features/content/file-editor.tsx')).FileEditorPage,
            }),
          },
          {
            path: 'mail',
            loader: guarded('mail:view'),
            lazy: async () => ({ Component: (await import('../features/mail/mail-page.tsx')).MailPage }),
          },
          {
            path: 'mail/:id',
            loader: guarded('mail:view'),
            lazy: async () => ({
              Component: (await import('../features/mail/message-page.tsx')).MessagePage,
            }),
          },
          {
            path: 'audit',
            loader: guarded('audit:view'),
            lazy: async () => ({ Component: (await import('../features/audit/audit-page.tsx')).AuditPage }),
          },
          { path: '*', element: <RouteError notFound /> },
        ],
      },
    ],
    { basename: '/backoffice' },
  )
}
