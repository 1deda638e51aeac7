import { useCallback } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { cmsCurrency, renderCmsText, type UserInfo } from '@aurum/shared'
import { PLAYER_QUERY_KEY, usePlayer } from '../account/api/get-player.ts'
import { useServices } from '../../lib/services.tsx'
import type { AppEnv } from '../../lib/services.tsx'

/**
 * CMS text reaches the visitor through the web app, which renders its `{{amount:N}}` tokens: the
 * api's answers stay the same for everyone in a language (and cacheable as such), and the currency
 * is the visitor's own (the player's, else their country's default; see `cmsCurrency`).
 */
export const visitorCurrency = (player: UserInfo | null | undefined, env: Pick<AppEnv, 'country'>) =>
  cmsCurrency(player?.currency, player?.country ?? env.country)

/** Renders the amount tokens of CMS text for the visitor. */
export function useCmsText(): (text: string) => string {
  const { env } = useServices()
  const currency = visitorCurrency(usePlayer(), env)
  return useCallback((text: string) => renderCmsText(text, currency, env.locale), [currency, env.locale])
}

/** The same outside React (route SEO meta), from the query cache. */
export function cmsTextFromCache(queryClient: QueryClient, env: AppEnv): (text: string) => string {
  const currency = visitorCurrency(queryClient.getQueryData<UserInfo | null>(PLAYER_QUERY_KEY), env)
  return (text) => renderCmsText(text, currency, env.locale)
}
