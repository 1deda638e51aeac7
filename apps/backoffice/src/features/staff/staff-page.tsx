import { useQuery } from '@tanstack/react-query'
import type { StaffMember } from '@aurum/shared/contracts/admin'
import { DataTable, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { dateTime } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { StaffTabs } from './staff-tabs.tsx'
import { InviteForm } from './invite-form.tsx'
import { useCan } from '../auth/me.ts'
import { staffQuery } from './api.ts'

/** The staff members: who they are, their role, whether they can sign in. */
export function StaffPage() {
  const { t, locale } = useI18n()
  const members = useQuery(staffQuery)
  const can = useCan()
  const columns: Column<StaffMember>[] = [
    { key: 'name', header: t('staff.name'), render: (m) => m.name || '–' },
    { key: 'email', header: t('fields.email'), render: (m) => m.email },
    { key: 'role', header: t('staff.role'), render: (m) => m.role.name },
    {
      key: 'status',
      header: t('staff.status'),
      render: (m) => (m.locked ? t('staff.locked') : t(`staff.statuses.${m.status}`)),
    },
    { key: 'last', header: t('staff.last_sign_in'), render: (m) => dateTime(m.last_sign_in_at, locale) },
    { key: 'created', header: t('staff.created'), render: (m) => dateTime(m.created_at, locale) },
  ]
  return (
    <section className="page" aria-labelledby="staff-title">
      <div className="page-header">
        <h1 id="staff-title">{t('staff.title')}</h1>
      </div>
      <StaffTabs />
      <ErrorNotice error={members.error} />
      <DataTable
        caption={t('staff.tabs.members')}
        columns={columns}
        rows={members.data}
        rowKey={(m) => String(m.id)}
      />
      {can('staff:edit') && <InviteForm />}
    </section>
  )
}
