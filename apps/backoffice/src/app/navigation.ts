import type { Permission } from '@aurum/shared/contracts/admin'

/** A screen of the console: where it lives, who may see it, its label's key. */
export interface Screen {
  path: string
  permission: Permission
  label: string
}

/** The console's screens in the order of the side navigation; each shows only to who may view it. */
export const SCREENS: readonly Screen[] = [
  { path: '/dashboard', permission: 'dashboard:view', label: 'nav.dashboard' },
  { path: '/players', permission: 'players:view', label: 'nav.players' },
  { path: '/payments', permission: 'payments:view', label: 'nav.payments' },
  { path: '/verification', permission: 'verification:view', label: 'nav.verification' },
  { path: '/games', permission: 'games:view', label: 'nav.games' },
  { path: '/content', permission: 'content:view', label: 'nav.content' },
  { path: '/reports', permission: 'reports:view', label: 'nav.reports' },
  { path: '/rg', permission: 'responsible_gambling:view', label: 'nav.rg' },
  { path: '/mail', permission: 'mail:view', label: 'nav.mail' },
  { path: '/staff', permission: 'staff:view', label: 'nav.staff' },
  { path: '/audit', permission: 'audit:view', label: 'nav.audit' },
]
