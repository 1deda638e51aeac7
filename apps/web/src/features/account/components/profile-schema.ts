import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldValues, Resolver } from 'react-hook-form'
import { z } from 'zod'
import { dateOfBirthField } from '@aurum/shared/player-fields'
import { isValidPhone } from '../phone/phone.ts'

/**
 * The client-side rules of the profile fields; the api checks them again (and more). Loaded by
 * the details form when it first validates (or once the player is in it), not with the page: zod
 * and the phone rules were a third of a profile page's script before its first paint.
 */
const required = (max: number) =>
  z.string().trim().min(1, 'validation.required').max(max, 'validation.too_long')

const FIELD_SCHEMAS = {
  first_name: required(64),
  last_name: required(64),
  // The api's own rule: a real date (not in the future, not before 1900) of an adult.
  date_of_birth: dateOfBirthField(),
  // The select's empty choice means not given.
  gender: z
    .enum(['m', 'f', ''])
    .optional()
    .transform((g) => g || undefined),
  mobile_phone: z.string().refine(isValidPhone, 'validation.phone_invalid'),
  country: z.string().length(2, 'validation.required'),
  address: required(256),
  postal_code: z.string().trim().min(2, 'validation.too_short').max(16, 'validation.too_long'),
  city: required(128),
} as const satisfies Record<string, z.ZodType>

export type ProfileFieldName = keyof typeof FIELD_SCHEMAS

/** The resolver of a form of the given fields. */
export function profileResolver<T extends FieldValues>(fields: readonly ProfileFieldName[]): Resolver<T> {
  const schema = z.object(Object.fromEntries(fields.map((f) => [f, FIELD_SCHEMAS[f]])))
  return zodResolver(schema) as never
}
