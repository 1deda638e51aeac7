import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DocumentType, PlayerDocument, VerificationStatus } from '@aurum/shared'
import type { HttpClient } from '../../../lib/http/client.ts'
import { HttpError } from '../../../lib/http/errors.ts'
import { useServices } from '../../../lib/services.tsx'
import { PLAYER_QUERY_KEY } from '../../account/api/get-player.ts'

export const DOCUMENTS_QUERY_KEY = ['player', 'documents'] as const
export const VERIFICATION_QUERY_KEY = ['player', 'verification'] as const

/** GET /api/player/documents (IDocument[], newest first). */
export const documentsQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: DOCUMENTS_QUERY_KEY,
    queryFn: ({ signal }) => http.get<PlayerDocument[]>('/api/player/documents', { signal }),
  })

/** GET /api/player/verification: verified, each kind's state and the upload rules. */
export const verificationQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: VERIFICATION_QUERY_KEY,
    queryFn: ({ signal }) => http.get<VerificationStatus>('/api/player/verification', { signal }),
  })

export function useDocuments() {
  const { http } = useServices()
  return useQuery(documentsQuery(http))
}

export function useVerification() {
  const { http } = useServices()
  return useQuery(verificationQuery(http))
}

export interface UploadInput {
  file: File
  documentType: DocumentType
  description: string
}

/** The download address of a document's file (an attachment; the browser keeps the session cookie). */
export const documentFileUrl = (id: number) => `/api/player/documents/${id}/file`

/**
 * Upload (multipart, the platform's `document[…]` parts) and delete; both answer the list, which
 * goes straight into the cache, and the overall state and the profile's `verified` reload.
 */
export function useDocumentMutations() {
  const { http } = useServices()
  const queryClient = useQueryClient()
  const settle = (documents: PlayerDocument[]) => {
    queryClient.setQueryData(DOCUMENTS_QUERY_KEY, documents)
    void queryClient.invalidateQueries({ queryKey: VERIFICATION_QUERY_KEY })
    void queryClient.invalidateQueries({ queryKey: PLAYER_QUERY_KEY, exact: true })
  }
  const upload = useMutation({
    mutationFn: ({ file, documentType, description }: UploadInput) => {
      const form = new FormData()
      form.append('document[attachment]', file, file.name)
      form.append('document[document_type]', documentType)
      if (description.trim()) form.append('document[description]', description.trim())
      return http.post<PlayerDocument[]>('/api/player/documents', form)
    },
    onSuccess: settle,
  })
  const remove = useMutation({
    mutationFn: (id: number) => http.delete<PlayerDocument[]>(`/api/player/documents/${id}`),
    onSuccess: settle,
  })
  return { upload, remove }
}

/** The server's messages by field (`attachment`, `document_type`, `description`), or its one message as `base`. */
export function serverErrors(error: unknown): Record<string, string[]> | undefined {
  if (!(error instanceof HttpError)) return undefined
  const data = error.response?.data as
    { errors?: Record<string, string[]>; error?: string } | null | undefined
  if (data?.errors) return data.errors
  if (data?.error) return { base: [data.error] }
  return undefined
}
