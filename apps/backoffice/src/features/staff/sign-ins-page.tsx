import { useQuery } from '@tanstack/react-query'
import type { StaffSignIn } from '@aurum/shared/contracts/admin'
import { DataTable, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { dateTime } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { StaffTabs } from './staff-tabs.tsx'
import { signInsQuery } from './api.ts'

/** The latest sign-in attempts, successful or not: where a stolen password would show first. */
export function SignInsPage() {
  const { t, locale } = useI18n()
  const signIns = useQuery(signInsQuery)
  const columns: Column<StaffSignIn>[] = [
    { key: 'at', header: t('staff.at'), render: (s) => dateTime(s.at, locale, true) },
    { key: 'email', header: t('fields.email'), render: (s) => s.email },
    {
      key: 'outcome',
      header: t('staff.outcome'),
      render: (s) => (
        <span className={s.outcome === 'ok' ? undefined : 'field-error'}>
          {t(`staff.outcomes.${s.outcome}`)}
        </span>
      ),
    },
    { key: 'ip', header: t('staff.ip'), render: (s) => <span className="mono">{s.ip ?? '–'}</span> },
    {
      key: 'ua',
      header: t('staff.device'),
      render: (s) => <span className="muted">{s.user_agent ?? '–'}</span>,
    },
  ]
  return (
    <section className="page" aria-labelledby="sign-ins-title">
      <div className="page-header">
        <h1 id="sign-ins-title">{t('staff.title')}</h1>
      </div>
      <StaffTabs />
      <ErrorNotice error={signIns.error} />
      <DataTable
        caption={t('staff.tabs.sign_ins')}
        columns={columns}
        rows={signIns.data}
        rowKey={(s) => String(s.id)}
      />
    </section>
  )
}
