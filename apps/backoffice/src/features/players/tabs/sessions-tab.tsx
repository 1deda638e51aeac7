import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import type { z } from 'zod'
import type { playerSessions } from '@aurum/shared/contracts/admin-players'
import { DataTable, type Column } from '../../../components/data-table.tsx'
import { ErrorNotice } from '../../../components/field-errors.tsx'
import { api } from '../../../lib/http.ts'
import { dateTime } from '../../../lib/format.ts'
import { useI18n } from '../../../lib/i18n.tsx'
import { playerKey } from '../api.ts'

type Sessions = z.infer<typeof playerSessions>
type Session = Sessions['data'][number]

/** The player's sign-ins and devices: live ones first, then ended ones. */
export function SessionsTab() {
  const { t, locale } = useI18n()
  const { id = '' } = useParams()
  const sessions = useQuery({
    queryKey: [...playerKey(id), 'sessions'],
    queryFn: () => api<Sessions>('GET', `/api/admin/players/${id}/sessions`),
  })
  const columns: Column<Session>[] = [
    {
      key: 'state',
      header: t('players.status'),
      render: (s) => (s.active ? t('players.sessions.live') : t('players.sessions.ended')),
    },
    {
      key: 'created',
      header: t('players.sessions.started'),
      render: (s) => dateTime(s.created_at, locale, true),
    },
    {
      key: 'seen',
      header: t('players.sessions.last_seen'),
      render: (s) => dateTime(s.last_seen_at, locale, true),
    },
    {
      key: 'ip',
      header: t('players.sessions.ip'),
      render: (s) => <span className="mono">{s.ip ?? '–'}</span>,
    },
    { key: 'country', header: t('players.country'), render: (s) => s.country ?? '–' },
    { key: 'device', header: t('players.sessions.device'), render: (s) => s.user_agent ?? '–' },
  ]
  return (
    <section aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('players.tabs.sessions')}</h2>
      <ErrorNotice error={sessions.error} />
      <DataTable
        caption={t('players.tabs.sessions')}
        columns={columns}
        rows={sessions.data?.data}
        rowKey={(s) => `${s.active ? 'live' : 'ended'}-${s.number}-${s.created_at}`}
        loading={sessions.isFetching}
      />
    </section>
  )
}
