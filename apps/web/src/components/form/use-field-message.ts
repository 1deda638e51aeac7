import { useTranslation } from '../../lib/translation.tsx'

/**
 * The text for a field error: our own validation keys are translated with the field's
 * label; messages from the server go through BACK_END_VALIDATION and fall back to the
 * raw message (spec §5).
 */
export function useFieldMessage() {
  const { t } = useTranslation()
  return (field: string, key: string | undefined, vars: Record<string, number> = {}): string | undefined => {
    if (!key) return undefined
    return key.startsWith('validation.')
      ? t(key, { field: t(`fields.${field}`), ...vars })
      : t(`BACK_END_VALIDATION.${key}`, { defaultValue: key })
  }
}
