import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { ErrorNotice } from '../../../components/field-errors.tsx'
import { dateTime } from '../../../lib/format.ts'
import { useI18n } from '../../../lib/i18n.tsx'
import { profileQuery } from '../api.ts'
import styles from '../players.module.css'

/** The profile: who the player is, how they signed up and sign in, what they receive. */
export function OverviewTab() {
  const { t, locale } = useI18n()
  const { id = '' } = useParams()
  const profile = useQuery(profileQuery(id))
  if (profile.error) return <ErrorNotice error={profile.error} />
  if (!profile.data) return <p className="muted">{t('table.loading')}</p>
  const p = profile.data
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'))
  const dash = (value: string | null) => value || '–'
  return (
    <div className={styles.grid}>
      <section aria-labelledby="profile-person">
        <h2 id="profile-person">{t('players.overview.person')}</h2>
        <dl className="facts">
          <dt>{t('players.overview.first_name')}</dt>
          <dd>{dash(p.first_name)}</dd>
          <dt>{t('players.overview.last_name')}</dt>
          <dd>{dash(p.last_name)}</dd>
          <dt>{t('players.overview.nickname')}</dt>
          <dd>{dash(p.nickname)}</dd>
          <dt>{t('players.overview.gender')}</dt>
          <dd>{dash(p.gender)}</dd>
          <dt>{t('players.overview.date_of_birth')}</dt>
          <dd>{dash(p.date_of_birth)}</dd>
          <dt>{t('players.phone')}</dt>
          <dd>{dash(p.mobile_phone)}</dd>
          <dt>{t('players.overview.address')}</dt>
          <dd>{[p.address, p.postal_code, p.city].filter(Boolean).join(', ') || '–'}</dd>
          <dt>{t('players.country')}</dt>
          <dd>{dash(p.country)}</dd>
          <dt>{t('players.overview.language')}</dt>
          <dd>{p.language}</dd>
        </dl>
      </section>
      <section aria-labelledby="profile-account">
        <h2 id="profile-account">{t('players.overview.account')}</h2>
        <dl className="facts">
          <dt>{t('players.registered')}</dt>
          <dd>{dateTime(p.created_at, locale)}</dd>
          <dt>{t('players.overview.registration_ip')}</dt>
          <dd className="mono">{dash(p.registration_ip)}</dd>
          <dt>{t('players.overview.registration_country')}</dt>
          <dd>{dash(p.registration_country)}</dd>
          <dt>{t('players.overview.confirmed')}</dt>
          <dd>{dateTime(p.confirmed_at, locale)}</dd>
          <dt>{t('players.verified')}</dt>
          <dd>{yesNo(p.verified)}</dd>
          <dt>{t('players.overview.two_factor')}</dt>
          <dd>{yesNo(p.two_factor_enabled)}</dd>
          <dt>{t('players.overview.sign_in_count')}</dt>
          <dd>{p.sign_in_count}</dd>
          <dt>{t('players.overview.current_sign_in')}</dt>
          <dd>{dateTime(p.current_sign_in_at, locale)}</dd>
          <dt>{t('players.last_sign_in')}</dt>
          <dd>{dateTime(p.last_sign_in_at, locale)}</dd>
          <dt>{t('players.statuses.blocked')}</dt>
          <dd>
            {p.blocked_at
              ? `${dateTime(p.blocked_at, locale)}${p.blocked_reason ? ` – ${p.blocked_reason}` : ''}`
              : t('common.no')}
          </dd>
          <dt>{t('players.statuses.test')}</dt>
          <dd>{yesNo(p.test_account)}</dd>
          <dt>{t('players.overview.promos')}</dt>
          <dd>{yesNo(p.receive_promos)}</dd>
          <dt>{t('players.overview.sms_promos')}</dt>
          <dd>{yesNo(p.receive_sms_promos)}</dd>
          <dt>{t('players.overview.groups')}</dt>
          <dd>{p.groups.length ? p.groups.map((g) => g.name ?? `#${g.id}`).join(', ') : '–'}</dd>
        </dl>
      </section>
    </div>
  )
}
