import { useEffect } from 'react'
import { useServices } from '../../../lib/services.tsx'
import { syncAccounts } from '../api/accounts.ts'

/** The header balance follows the realtime hub's `balance` channel (no reload, no refetch). */
export function BalanceSync() {
  const { realtime, queryClient } = useServices()
  useEffect(() => syncAccounts(realtime, queryClient), [realtime, queryClient])
  return null
}
