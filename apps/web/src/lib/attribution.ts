import { STAG_STORAGE_KEY, UTM_PARAMS } from '@aurum/shared'
import { writeCookie } from './cookies.ts'

const UTM_MAX_AGE_SECONDS = 30 * 86_400

export interface AffiliateTag {
  stagId: string
  stagVisit: string
}

/** The affiliate tag: stag split at the underscore into id and visit (spec §3). */
export function parseStag(stag: string): AffiliateTag {
  const [stagId = '', ...rest] = stag.split('_')
  return { stagId, stagVisit: rest.join('_') }
}

/** UTM parameters become cookies and stag goes to local storage (spec §9). */
export function storeAttribution(search: string): void {
  const params = new URLSearchParams(search)
  for (const name of UTM_PARAMS) {
    const value = params.get(name)
    if (value) writeCookie(name, value.slice(0, 200), UTM_MAX_AGE_SECONDS)
  }
  const stag = params.get('stag')
  if (stag && /^[\w-]{1,100}$/.test(stag)) localStorage.setItem(STAG_STORAGE_KEY, stag)
}
