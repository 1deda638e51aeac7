import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { currencyDefinition, forcedModal, isCrypto } from '@aurum/shared'
import { useServices } from '../../../lib/services.tsx'
import { useStore } from '../../../lib/store.ts'
import { useCurrencies } from '../../info/api/get-currencies.ts'
import { usePlayer } from '../api/get-player.ts'

/** Asked once per browser session, so closing it with Later is respected until the next visit. */
const COMPLETE_PROFILE_SHOWN = 'aurum.complete_profile_shown'

/**
 * The modals a signed-in player is made to see (spec §2, §4): support while the terms are
 * not accepted (it cannot be closed until they are), the complete-profile modal for
 * variant B with a fiat currency and an incomplete profile.
 */
export function AccountEffects() {
  const { modals } = useServices()
  const player = usePlayer()
  // Not over the sign-up steps (they ask for the same details) nor on the profile pages.
  const signingUp = useStore(modals.store, (m) => m.stack.some((e) => e.name === 'sign-up'))
  const { pathname } = useLocation()
  const busy = signingUp || /^\/(users|registration)(\/|$)/.test(pathname)
  const currencies = useCurrencies().data
  const definition = player && currencyDefinition(player.currency)
  const fiat = player
    ? (currencies?.find((c) => c.code === player.currency)?.fiat ?? !(definition && isCrypto(definition)))
    : false
  const forced = player ? forcedModal(player, fiat)?.name : undefined

  useEffect(() => {
    if (forced === 'support') {
      modals.open('support', { reason: 'terms' }, { showClose: false, blockCloseOnOverlay: true })
      return () => modals.close('support', { immediate: true })
    }
    if (forced === 'complete-profile' && !busy && !sessionStorage.getItem(COMPLETE_PROFILE_SHOWN)) {
      sessionStorage.setItem(COMPLETE_PROFILE_SHOWN, '1')
      modals.open('complete-profile', {}, { blockCloseOnOverlay: true })
    }
  }, [forced, busy, modals])

  return null
}
