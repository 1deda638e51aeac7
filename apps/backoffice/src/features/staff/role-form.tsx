import { useEffect, useRef, useState, type SyntheticEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  ACCESS_LEVELS,
  ADMIN_MODULES,
  type PermissionMatrix,
  type StaffRole,
} from '@aurum/shared/contracts/admin'
import { ErrorNotice, FieldError, fieldError } from '../../components/field-errors.tsx'
import { api } from '../../lib/http.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { useCan } from '../auth/me.ts'
import styles from './staff.module.css'

const CHOICES = ['none', ...ACCESS_LEVELS] as const
type Choice = (typeof CHOICES)[number]

/**
 * A custom role's name and permission matrix: a row per module, one radio group each (no access,
 * view, edit, approve). Levels above the member's own are not offered: the api refuses a role that
 * holds more than its maker.
 */
export function RoleForm({
  role,
  onSaved,
  onCancel,
}: {
  /** The role to edit; a new role without one. */
  role?: StaffRole
  onSaved: (saved: StaffRole) => void
  onCancel: () => void
}) {
  const { t } = useI18n()
  const can = useCan()
  const queryClient = useQueryClient()
  const [name, setName] = useState(role?.name ?? '')
  const [matrix, setMatrix] = useState<PermissionMatrix>(role?.permissions ?? {})
  // The form opens below the table: the keyboard's focus follows it there.
  const nameInput = useRef<HTMLInputElement>(null)
  useEffect(() => nameInput.current?.focus(), [])
  const save = useMutation({
    mutationFn: () =>
      role
        ? api<StaffRole>('PATCH', `/api/admin/roles/${role.id}`, { name: name.trim(), permissions: matrix })
        : api<StaffRole>('POST', '/api/admin/roles', { name: name.trim(), permissions: matrix }),
    onSuccess: async (saved) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['staff'] }),
        // The member's own role may be the one changed.
        queryClient.invalidateQueries({ queryKey: ['me'] }),
      ])
      onSaved(saved)
    },
  })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    save.mutate()
  }
  const choose = (module: (typeof ADMIN_MODULES)[number], choice: Choice) =>
    setMatrix((current) =>
      Object.fromEntries(
        ADMIN_MODULES.flatMap((m) => {
          const level = m === module ? (choice === 'none' ? undefined : choice) : current[m]
          return level ? [[m, level]] : []
        }),
      ),
    )
  const nameError = fieldError(save.error, 'name')
  const permissionsError = fieldError(save.error, 'permissions')
  const titleId = role ? `role-${role.id}-title` : 'role-new-title'
  return (
    <form className={`card ${styles.roleForm}`} onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId}>{role ? t('staff.roles.edit_title', { name: role.name }) : t('staff.roles.new')}</h2>
      <ErrorNotice error={save.error} />
      <label>
        {t('staff.name')}
        <input
          ref={nameInput}
          required
          value={name}
          maxLength={40}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={!!nameError || undefined}
          aria-describedby={`role-name-hint${nameError ? ' role-name-error' : ''}`}
        />
      </label>
      <p id="role-name-hint" className="muted">
        {t('staff.roles.name_hint')}
      </p>
      <FieldError id="role-name-error" message={nameError} />
      <div className={styles.matrixWrap} tabIndex={0} role="region" aria-label={t('staff.roles.permissions')}>
        <table className={styles.matrix} aria-describedby="role-matrix-hint">
          <caption>{t('staff.roles.permissions')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('staff.roles.module')}</th>
              {CHOICES.map((choice) => (
                <th scope="col" key={choice}>
                  {t(`levels.${choice}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ADMIN_MODULES.map((module) => {
              const current: Choice = matrix[module] ?? 'none'
              return (
                <tr key={module}>
                  <th scope="row">{t(`modules.${module}`)}</th>
                  {CHOICES.map((choice) => (
                    <td key={choice}>
                      <input
                        type="radio"
                        name={`permission-${module}`}
                        value={choice}
                        checked={current === choice}
                        disabled={choice !== 'none' && !can(`${module}:${choice}`)}
                        onChange={() => choose(module, choice)}
                        aria-label={t('staff.roles.level_for', {
                          module: t(`modules.${module}`),
                          level: t(`levels.${choice}`),
                        })}
                      />
                    </td>
                  ))}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <p id="role-matrix-hint" className="muted">
        {t('staff.levels_explained')} {t('staff.roles.above_yours')}
      </p>
      <FieldError id="role-permissions-error" message={permissionsError} />
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={save.isPending || !name.trim()}>
          {role ? t('staff.roles.save') : t('staff.roles.create')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('staff.cancel')}
        </button>
      </div>
    </form>
  )
}
