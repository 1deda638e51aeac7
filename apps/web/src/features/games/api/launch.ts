import { useMutation } from '@tanstack/react-query'
import { useServices } from '../../../lib/services.tsx'

/** POST /api/games/launch: the frame's address (demo, or real money with a single-use token). */
export function useLaunch() {
  const { http } = useServices()
  return useMutation({
    mutationFn: (input: { identifier: string; mode: 'real' | 'demo'; currency?: string; locale: string }) =>
      http.post<{ url: string; mode: 'real' | 'demo'; currency: string }>('/api/games/launch', input),
  })
}
