import { useEffect, useRef } from 'react'
import { useTranslation } from '../lib/translation.tsx'
import { useLocation, useMatches } from 'react-router'
import { useServices } from '../lib/services.tsx'
import { canonicalForMatches, seoForMatches } from './route-seo.ts'
import { applyHead, buildHead } from './seo.ts'

/** Keeps title, meta and links in step with client-side navigation; the server renders the first ones. */
export function SeoManager() {
  const { t } = useTranslation()
  const { env, queryClient } = useServices()
  const matches = useMatches()
  const location = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const seo = seoForMatches(matches, { t, queryClient, env })
    applyHead(
      buildHead(seo, {
        origin: env.origin,
        path: canonicalForMatches(matches, location.pathname),
        locale: env.locale,
        defaultLocale: env.defaultLocale,
        guest: env.restricted,
        brand: t('common.brand'),
      }),
    )
  }, [matches, location.pathname, t, queryClient, env])
  return null
}
