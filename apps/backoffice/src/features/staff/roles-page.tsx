import { useQuery } from '@tanstack/react-query'
import { ADMIN_MODULES, type StaffRole } from '@aurum/shared/contracts/admin'
import { DataTable, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { useI18n } from '../../lib/i18n.tsx'
import { StaffTabs } from './staff-tabs.tsx'
import { rolesQuery } from './api.ts'

/** The roles over the permission matrix: a row per role, a column per module, the level held. */
export function RolesPage() {
  const { t } = useI18n()
  const roles = useQuery(rolesQuery)
  const columns: Column<StaffRole>[] = [
    {
      key: 'name',
      header: t('staff.role'),
      render: (r) => (
        <>
          {r.name} {r.builtin && <span className="muted">({t('staff.builtin')})</span>}
        </>
      ),
    },
    ...ADMIN_MODULES.map((module): Column<StaffRole> => ({
      key: module,
      header: t(`modules.${module}`),
      render: (r) => {
        const level = r.permissions[module]
        return level ? t(`levels.${level}`) : <span className="muted">{t('levels.none')}</span>
      },
    })),
  ]
  return (
    <section className="page" aria-labelledby="roles-title">
      <div className="page-header">
        <h1 id="roles-title">{t('staff.title')}</h1>
      </div>
      <StaffTabs />
      <p className="muted">{t('staff.levels_explained')}</p>
      <ErrorNotice error={roles.error} />
      <DataTable
        caption={t('staff.tabs.roles')}
        columns={columns}
        rows={roles.data}
        rowKey={(r) => String(r.id)}
      />
    </section>
  )
}
