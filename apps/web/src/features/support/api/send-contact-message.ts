import { useMutation } from '@tanstack/react-query'
import type { ContactMessage, ContactReceived } from '@aurum/shared/contracts/contact'
import { useServices } from '../../../lib/services.tsx'
import { HttpError, type FieldErrors } from '../../../lib/http/errors.ts'

export type { ContactMessage, FieldErrors }

/** POST /api/send_contact_message; on failure the `errors` map of the response is thrown (spec §8). */
export function useSendContactMessage() {
  const { http } = useServices()
  return useMutation({
    mutationFn: async (contact: ContactMessage) => {
      try {
        return await http.post<ContactReceived>('/api/send_contact_message', { contact })
      } catch (error) {
        const errors =
          error instanceof HttpError
            ? (error.response?.data as { errors?: FieldErrors } | null)?.errors
            : undefined
        throw errors ?? error
      }
    },
  })
}
