import type { RouteMeta } from './route-table.ts'

export interface GuardContext {
  loggedIn: boolean
  /** The visitor is a guest from a restricted country (the 451 behaviour). */
  restricted: boolean
  /** Path of the previous route; undefined on direct entry (first page of the visit). */
  previousPath: string | undefined
}

export type GuardResult = { allow: true } | { allow: false; redirect: string; reason: string }

const allow: GuardResult = { allow: true }

/** Guests are sent to registration with the full target in `redirect`. */
export function requiresAuth(meta: RouteMeta, ctx: GuardContext, target: string): GuardResult {
  if (!meta.requiresAuth || ctx.loggedIn) return allow
  return {
    allow: false,
    redirect: `/registration?redirect=${encodeURIComponent(target)}`,
    reason: 'requiresAuth',
  }
}

/** Logged-in players are sent to the main route. */
export function requiresGuest(meta: RouteMeta, ctx: GuardContext): GuardResult {
  if (!meta.requiresGuest || !ctx.loggedIn) return allow
  return { allow: false, redirect: '/', reason: 'requiresGuest' }
}

/** Restricted-country guests cannot open these routes. */
export function notAllowedFor451(meta: RouteMeta, ctx: GuardContext): GuardResult {
  if (!meta.notAllowedFor451 || !ctx.restricted) return allow
  return { allow: false, redirect: '/', reason: 'notAllowedFor451' }
}

/** Cashbox and comp-point routes: direct entry, or arriving from sign-up, goes to main. */
export function noDirectEntry(meta: RouteMeta, ctx: GuardContext): GuardResult {
  if (!meta.noDirectEntry) return allow
  if (
    ctx.previousPath === undefined ||
    ctx.previousPath === '/sign-up' ||
    ctx.previousPath === '/registration'
  ) {
    return { allow: false, redirect: '/', reason: 'noDirectEntry' }
  }
  return allow
}

/** All guards in order; the first refusal wins. */
export function runGuards(meta: RouteMeta, ctx: GuardContext, target: string): GuardResult {
  for (const result of [
    notAllowedFor451(meta, ctx),
    requiresAuth(meta, ctx, target),
    requiresGuest(meta, ctx),
    noDirectEntry(meta, ctx),
  ]) {
    if (!result.allow) return result
  }
  return allow
}
