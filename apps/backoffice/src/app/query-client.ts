import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../lib/http.ts'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Operators act on what they see: lists refresh when the window comes back into focus.
      staleTime: 10_000,
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
    },
  },
})
