import { useState, type SyntheticEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { StaffMember } from '@aurum/shared/contracts/admin'
import { ErrorNotice, FieldError, fieldError } from '../../components/field-errors.tsx'
import { api } from '../../lib/http.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rolesQuery } from './api.ts'

/** Invites a member: the set-up link goes to their e-mail (valid 48 hours). */
export function InviteForm() {
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const roles = useQuery(rolesQuery)
  const [email, setEmail] = useState('')
  const [name, setName] = useState('')
  const [roleId, setRoleId] = useState('')
  const invite = useMutation({
    mutationFn: () =>
      api<{ member: StaffMember; link?: string }>('POST', '/api/admin/staff', {
        email,
        name,
        role_id: Number(roleId),
      }),
    onSuccess: () => {
      setEmail('')
      setName('')
      return queryClient.invalidateQueries({ queryKey: ['staff'] })
    },
  })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    invite.mutate()
  }
  const errors = {
    email: fieldError(invite.error, 'email'),
    name: fieldError(invite.error, 'name'),
    role_id: fieldError(invite.error, 'role_id'),
  }
  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby="invite-title">
      <h2 id="invite-title">{t('staff.invite.title')}</h2>
      <ErrorNotice error={invite.error} />
      {invite.isSuccess && (
        <p className="notice notice-success" role="status">
          {t('staff.invite.sent', { email: invite.data.member.email })}
          {invite.data.link && (
            <>
              {' '}
              {t('staff.invite.link')} <span className="mono">{invite.data.link}</span>
            </>
          )}
        </p>
      )}
      <label>
        {t('fields.email')}
        <input
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={!!errors.email || undefined}
          aria-describedby={errors.email ? 'invite-email-error' : undefined}
        />
      </label>
      <FieldError id="invite-email-error" message={errors.email} />
      <label>
        {t('fields.name')}
        <input
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={!!errors.name || undefined}
          aria-describedby={errors.name ? 'invite-name-error' : undefined}
        />
      </label>
      <FieldError id="invite-name-error" message={errors.name} />
      <label>
        {t('staff.role')}
        <select
          required
          value={roleId}
          onChange={(e) => setRoleId(e.target.value)}
          aria-invalid={!!errors.role_id || undefined}
          aria-describedby={errors.role_id ? 'invite-role-error' : undefined}
        >
          <option value="">{t('staff.invite.choose_role')}</option>
          {roles.data?.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </label>
      <FieldError id="invite-role-error" message={errors.role_id} />
      <button type="submit" className="button button-primary" disabled={invite.isPending || !roleId}>
        {t('staff.invite.submit')}
      </button>
    </form>
  )
}
