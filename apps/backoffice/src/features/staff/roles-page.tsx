import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ADMIN_MODULES, type Permission, type StaffRole } from '@aurum/shared/contracts/admin'
import { DataTable, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { api } from '../../lib/http.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { useCan } from '../auth/me.ts'
import { StaffTabs } from './staff-tabs.tsx'
import { RoleForm } from './role-form.tsx'
import { rolesQuery } from './api.ts'
import styles from './staff.module.css'

/** What the form shows: nothing, a new role, or the role being edited. */
type Editing = { mode: 'none' } | { mode: 'new' } | { mode: 'edit'; role: StaffRole }

/**
 * The roles over the permission matrix: a row per role, a column per module, the level held. With
 * staff:edit, custom roles are created, edited and deleted here; built-in roles are fixed, and a
 * role holding more than the member is not theirs to change.
 */
export function RolesPage() {
  const { t } = useI18n()
  const can = useCan()
  const queryClient = useQueryClient()
  const roles = useQuery(rolesQuery)
  const [editing, setEditing] = useState<Editing>({ mode: 'none' })
  const [deleting, setDeleting] = useState<StaffRole | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const remove = useMutation({
    mutationFn: (role: StaffRole) => api<null>('DELETE', `/api/admin/roles/${role.id}`),
    onMutate: () => setNotice(null),
    onSuccess: async (_result, role) => {
      setDeleting(null)
      setNotice(t('staff.roles.deleted', { name: role.name }))
      await queryClient.invalidateQueries({ queryKey: ['staff'] })
    },
  })
  const editable = can('staff:edit')
  // Only a role within the member's own permissions is theirs to change (the api checks it too).
  const mayManage = (role: StaffRole) =>
    !role.builtin &&
    Object.entries(role.permissions).every(
      ([module, level]) => !level || can(`${module}:${level}` as Permission),
    )

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
  // The actions come right after the name: the matrix is wide and scrolls sideways.
  if (editable)
    columns.splice(1, 0, {
      key: 'actions',
      header: t('staff.actions'),
      render: (r) =>
        !mayManage(r) ? null : deleting?.id === r.id ? (
          <div
            className={styles.confirm}
            role="group"
            aria-label={t('staff.roles.delete_named', { name: r.name })}
          >
            <p role="alert">{t('staff.roles.confirm_delete', { name: r.name })}</p>
            <button
              type="button"
              className="button button-danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate(r)}
            >
              {t('staff.confirm')}
            </button>
            <button type="button" className="button" onClick={() => setDeleting(null)}>
              {t('staff.cancel')}
            </button>
          </div>
        ) : (
          <div className={styles.cellActions}>
            <button
              type="button"
              className="button"
              aria-label={t('staff.roles.edit_named', { name: r.name })}
              onClick={() => {
                setNotice(null)
                setEditing({ mode: 'edit', role: r })
              }}
            >
              {t('staff.roles.edit')}
            </button>
            <button
              type="button"
              className="button button-danger"
              aria-label={t('staff.roles.delete_named', { name: r.name })}
              onClick={() => {
                remove.reset()
                setDeleting(r)
              }}
            >
              {t('staff.roles.delete')}
            </button>
          </div>
        ),
    })

  return (
    <section className="page" aria-labelledby="roles-title">
      <div className="page-header">
        <h1 id="roles-title">{t('staff.title')}</h1>
        {editable && editing.mode === 'none' && (
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setNotice(null)
              setEditing({ mode: 'new' })
            }}
          >
            {t('staff.roles.new')}
          </button>
        )}
      </div>
      <StaffTabs />
      <p className="muted">{t('staff.levels_explained')}</p>
      <ErrorNotice error={roles.error ?? remove.error} />
      {notice && (
        <p className="notice notice-success" role="status">
          {notice}
        </p>
      )}
      <DataTable
        caption={t('staff.tabs.roles')}
        columns={columns}
        rows={roles.data}
        rowKey={(r) => String(r.id)}
      />
      {editing.mode !== 'none' && (
        <RoleForm
          key={editing.mode === 'edit' ? editing.role.id : 'new'}
          role={editing.mode === 'edit' ? editing.role : undefined}
          onCancel={() => setEditing({ mode: 'none' })}
          onSaved={(saved) => {
            setNotice(
              editing.mode === 'edit'
                ? t('staff.roles.saved', { name: saved.name })
                : t('staff.roles.created', { name: saved.name }),
            )
            setEditing({ mode: 'none' })
          }}
        />
      )}
    </section>
  )
}
