import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Permission, StaffMember } from '@aurum/shared/contracts/admin'
import { DataTable, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { dateTime } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { StaffTabs } from './staff-tabs.tsx'
import { InviteForm } from './invite-form.tsx'
import { useCan, useMe } from '../auth/me.ts'
import { ResetAuthenticator } from './reset-authenticator.tsx'
import { rolesQuery, staffQuery } from './api.ts'

/** The staff members: who they are, their role, whether they can sign in. */
export function StaffPage() {
  const { t, locale } = useI18n()
  const members = useQuery(staffQuery)
  const can = useCan()
  const me = useMe()
  const editable = can('staff:edit')
  const roles = useQuery({ ...rolesQuery, enabled: editable })
  const [reset, setReset] = useState<{ member: StaffMember; link?: string } | null>(null)
  // Only an active member other than oneself, whose role holds no more than one's own (the api checks too).
  const mayReset = (m: StaffMember) => {
    if (m.status !== 'active' || m.id === me.id) return false
    const role = roles.data?.find((r) => r.id === m.role.id)
    return (
      !!role &&
      Object.entries(role.permissions).every(
        ([module, level]) => !level || can(`${module}:${level}` as Permission),
      )
    )
  }
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
  if (editable)
    columns.push({
      key: 'actions',
      header: t('staff.actions'),
      render: (m) => (mayReset(m) ? <ResetAuthenticator member={m} onReset={setReset} /> : null),
    })
  return (
    <section className="page" aria-labelledby="staff-title">
      <div className="page-header">
        <h1 id="staff-title">{t('staff.title')}</h1>
      </div>
      <StaffTabs />
      <ErrorNotice error={members.error} />
      {reset && (
        <p className="notice notice-success" role="status">
          {t('staff.reset.done', { email: reset.member.email })}
          {reset.link && (
            <>
              {' '}
              {t('staff.invite.link')} <span className="mono">{reset.link}</span>
            </>
          )}
        </p>
      )}
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
