import { useState } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { displayName, isProfileComplete, type UserInfo } from '@aurum/shared'
import { Button } from '../../../components/button/button.tsx'
import { CheckField, FormAlert, formStyles, SelectField } from '../../../components/form/field.tsx'
import { useServices } from '../../../lib/services.tsx'
import { usePlayer } from '../../account/api/get-player.ts'
import { fieldErrors } from '../../../lib/http/errors.ts'
import {
  ADDRESS_FIELDS,
  PERSONAL_FIELDS,
  ProfileDetailsForm,
} from '../../account/components/profile-details-form.tsx'
import { loadPhoneLib, PhoneField, usePhoneDefaultCountry } from '../../account/components/phone-field.tsx'
import { useLocales } from '../../info/api/get-locales.ts'
import {
  usePhoneMutations,
  useRequestDataExport,
  useSubscriptions,
  useUpdateLocale,
  useUpdateSubscriptions,
  type Subscriptions,
} from '../api/profile-api.ts'
import styles from '../components/users.module.css'

/** The profile index (spec §2 /users): account facts, details, phone, consents, language and data export. */
export function ProfilePage() {
  const { t } = useTranslation()
  const player = usePlayer()
  if (!player) return null
  return (
    <div className={styles.grid}>
      <div className={styles.column}>
        <DetailsCard player={player} />
      </div>
      <div className={styles.column}>
        <AccountCard player={player} />
        <PhoneCard player={player} />
        <SubscriptionsCard />
        <LanguageCard player={player} />
        <section className={styles.card} aria-labelledby="data-export">
          <h2 id="data-export">{t('profile.data_title')}</h2>
          <DataExport />
        </section>
      </div>
    </div>
  )
}

function AccountCard({ player }: { player: UserInfo }) {
  const { t, i18n } = useTranslation()
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'long' })
  return (
    <section className={styles.card} aria-labelledby="account-facts">
      <h2 id="account-facts">{displayName(player, t('auth.visitor'), (s) => t(`statuses.${s}`))}</h2>
      <dl className={styles.facts}>
        <dt>{t('fields.email')}</dt>
        <dd>
          {player.email}{' '}
          <span className={`${styles.badge} ${player.confirmed_at ? '' : styles.badgeOff}`}>
            {player.confirmed_at ? t('profile.confirmed') : t('profile.unconfirmed')}
          </span>
        </dd>
        <dt>{t('profile.player_id')}</dt>
        <dd>{player.user_id}</dd>
        <dt>{t('fields.currency')}</dt>
        <dd>{player.currency}</dd>
        <dt>{t('profile.member_since')}</dt>
        <dd>{date(player.created_at)}</dd>
        <dt>{t('profile.completeness')}</dt>
        <dd>{isProfileComplete(player) ? t('profile.complete') : t('profile.incomplete')}</dd>
      </dl>
    </section>
  )
}

function DetailsCard({ player }: { player: UserInfo }) {
  const { t } = useTranslation()
  const { toasts } = useServices()
  return (
    <section className={styles.card} aria-labelledby="personal-details">
      <h2 id="personal-details">{t('profile.details_title')}</h2>
      <p className={styles.muted}>{t('profile.details_hint')}</p>
      <ProfileDetailsForm
        // A fresh form when the saved profile changes, so its defaults follow.
        key={player.id}
        player={player}
        fields={[...PERSONAL_FIELDS.filter((f) => f !== 'mobile_phone'), ...ADDRESS_FIELDS]}
        context="edition"
        submitLabel={t('profile.save')}
        onSaved={() => toasts.show({ type: 'success', title: t('profile.saved') })}
      />
    </section>
  )
}

/** The phone has its own endpoints (spec §7) and confirmations (spec §8). */
function PhoneCard({ player }: { player: UserInfo }) {
  const { t } = useTranslation()
  const { toasts } = useServices()
  const defaultCountry = usePhoneDefaultCountry(player.country)
  const { add, remove } = usePhoneMutations()
  const [number, setNumber] = useState('')
  const [error, setError] = useState<string>()
  const save = async () => {
    if (!(await loadPhoneLib()).isValidPhone(number))
      return setError(t('validation.phone_invalid', { field: t('fields.mobile_phone') }))
    try {
      await add.mutateAsync(number)
      setError(undefined)
      setNumber('')
      toasts.show({ type: 'success', title: t('profile.phone_added') })
    } catch (e) {
      const errs = fieldErrors(e)
      setError(errs?.number?.[0] ?? errs?.base?.[0] ?? t('auth.save_failed'))
    }
  }
  const drop = async () => {
    try {
      await remove.mutateAsync()
      toasts.show({ type: 'success', title: t('profile.phone_deleted') })
    } catch {
      toasts.show({ type: 'error', title: t('auth.save_failed') })
    }
  }
  return (
    <section className={styles.card} aria-labelledby="phone-title">
      <h2 id="phone-title">{t('fields.mobile_phone')}</h2>
      {player.mobile_phone ? (
        <div className={styles.row}>
          <p className={styles.secret}>{player.mobile_phone}</p>
          <Button variant="secondary" size="small" disabled={remove.isPending} onClick={() => void drop()}>
            {t('profile.phone_delete')}
          </Button>
        </div>
      ) : (
        <form
          className={formStyles.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            void save()
          }}
        >
          <PhoneField
            label={t('profile.phone_new')}
            value={number}
            onChange={setNumber}
            defaultCountry={defaultCountry}
            error={error}
          />
          <Button type="submit" disabled={add.isPending || !number}>
            {t('profile.phone_add')}
          </Button>
        </form>
      )}
    </section>
  )
}

const CONSENTS: Array<keyof Subscriptions> = [
  'receive_promos',
  'receive_sms_promos',
  'receive_promos_via_phone_calls',
  'agreed_to_partner_promotions',
]

/** Marketing consents: each box saves as soon as it changes. */
function SubscriptionsCard() {
  const { t } = useTranslation()
  const subscriptions = useSubscriptions()
  const update = useUpdateSubscriptions()
  return (
    <section className={styles.card} aria-labelledby="consents-title">
      <h2 id="consents-title">{t('profile.consents_title')}</h2>
      <FormAlert message={update.isError ? t('auth.save_failed') : undefined} />
      {subscriptions.data ? (
        CONSENTS.map((flag) => (
          <CheckField
            key={flag}
            label={t(`profile.consent_${flag}`)}
            checked={subscriptions.data[flag]}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ [flag]: e.target.checked })}
          />
        ))
      ) : (
        <p className={styles.muted} role="status">
          {subscriptions.isError ? t('profile.load_failed') : t('common.loading')}
        </p>
      )}
    </section>
  )
}

/** The language of our e-mails (the interface language follows the address bar). */
function LanguageCard({ player }: { player: UserInfo }) {
  const { t } = useTranslation()
  const locales = useLocales().data ?? []
  const update = useUpdateLocale()
  return (
    <section className={styles.card} aria-labelledby="language-title">
      <h2 id="language-title">{t('profile.language_title')}</h2>
      <SelectField
        label={t('profile.language_label')}
        value={player.language}
        disabled={update.isPending}
        error={update.isError ? t('auth.save_failed') : undefined}
        onChange={(e) => update.mutate(e.target.value)}
      >
        {locales.map((l) => (
          <option key={l.code} value={l.code}>
            {l.name_in_locale}
          </option>
        ))}
      </SelectField>
    </section>
  )
}

function DataExport() {
  const { t } = useTranslation()
  const request = useRequestDataExport()
  return (
    <>
      <p className={styles.muted}>{t('profile.data_hint')}</p>
      {request.isSuccess ? (
        <p role="status">{t('profile.data_requested')}</p>
      ) : (
        <>
          <FormAlert
            message={
              request.isError ? (fieldErrors(request.error)?.base?.[0] ?? t('auth.save_failed')) : undefined
            }
          />
          <Button variant="secondary" disabled={request.isPending} onClick={() => request.mutate()}>
            {t('profile.data_request')}
          </Button>
        </>
      )}
    </>
  )
}
