import { useMutation } from '@tanstack/react-query'
import type { LaunchAnswer, LaunchRequest } from '@aurum/shared/contracts/games'
import { useServices } from '../../../lib/services.tsx'

/** POST /api/games/launch: the frame's address (demo, or real money with a single-use token). */
export function useLaunch() {
  const { http } = useServices()
  return useMutation({
    mutationFn: (input: LaunchRequest & { locale: string }) =>
      http.post<LaunchAnswer>('/api/games/launch', input),
  })
}
