import type { z } from 'zod'

/** A business-rule or field error with a stable code; answered as 422 unless a status is given. */
export class AppError extends Error {
  constructor(
    public code: string,
    public status = 422,
    public fieldErrors?: Record<string, string[]>,
    message?: string,
  ) {
    super(message ?? code)
  }
}

/** Thrown by the schema validator; the error handler turns the issues into translated field errors. */
export class RequestValidationError extends Error {
  statusCode = 400
  constructor(public issues: z.core.$ZodIssue[]) {
    super('Request validation failed')
  }
}
