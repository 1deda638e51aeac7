import { useState } from 'react'
import { Trans, useTranslation } from '../../../lib/translation.tsx'
import { Link } from 'react-router'
import { Button } from '../../../components/button/button.tsx'
import { CheckField, FormAlert, formStyles } from '../../../components/form/field.tsx'
import { fieldErrors } from '../../../lib/http/errors.ts'
import { useUpdateAuthDetails } from '../api/email-flows.ts'

/** Our terms, accepted again (auth_fields_missed lists terms_acceptance): through update_details. */
export function TermsAcceptance({ onAccepted }: { onAccepted: () => void }) {
  const { t } = useTranslation()
  const [accepted, setAccepted] = useState(false)
  const update = useUpdateAuthDetails()
  return (
    <form
      className={formStyles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (accepted) update.mutate({ terms_acceptance: true }, { onSuccess: onAccepted })
      }}
    >
      <p role="alert">{t('auth.terms_required_intro')}</p>
      <FormAlert
        message={update.isError ? (fieldErrors(update.error)?.base?.[0] ?? t('auth.save_failed')) : undefined}
      />
      <CheckField
        label={
          <Trans
            i18nKey="auth.accept_terms"
            components={{ terms: <Link to="/terms-and-conditions" target="_blank" /> }}
          />
        }
        checked={accepted}
        onChange={(e) => setAccepted(e.target.checked)}
      />
      <Button type="submit" disabled={!accepted || update.isPending}>
        {t('auth.terms_accept')}
      </Button>
    </form>
  )
}
