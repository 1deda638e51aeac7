import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { MAIL_STATES, type AdminMail, type AdminMailPage } from '@aurum/shared/contracts/admin-mail'
import { DataTable, PagePager, type Column } from '../../components/data-table.tsx'
import { ErrorNotice } from '../../components/field-errors.tsx'
import { FilterField, FilterSelect, Filters } from '../../components/filters.tsx'
import { api, queryString } from '../../lib/http.ts'
import { dateTime } from '../../lib/format.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { filtersOnly, listQuery } from '../../lib/list.ts'

const FILTERS = ['state', 'recipient', 'template', 'player_id', 'from', 'to'] as const

/**
 * Every e-mail the casino sent or tried to send, newest first, with its delivery state. Without SMTP
 * this is where operators read them.
 */
export function MailPage() {
  const { t, locale } = useI18n()
  const [params] = useSearchParams()
  const query = queryString(listQuery(params, FILTERS))
  const page = useQuery({
    queryKey: ['mail', query],
    queryFn: () => api<AdminMailPage>('GET', `/api/admin/mail${query}`),
  })
  const csv = `/api/admin/mail.csv${queryString(filtersOnly(params, FILTERS))}`
  const columns: Column<AdminMail>[] = [
    {
      key: 'created',
      header: t('mail.created'),
      sort: 'created_at',
      render: (m) => dateTime(m.created_at, locale),
    },
    { key: 'to', header: t('mail.to'), sort: 'to', render: (m) => m.to },
    {
      key: 'subject',
      header: t('mail.subject'),
      render: (m) => <Link to={`/mail/${m.id}`}>{m.subject}</Link>,
    },
    {
      key: 'template',
      header: t('mail.template'),
      sort: 'template',
      render: (m) => <span className="mono">{m.template}</span>,
    },
    {
      key: 'state',
      header: t('mail.state'),
      render: (m) => (
        <span className={m.state === 'failed' ? 'field-error' : undefined}>
          {t(`mail.states.${m.state}`)}
        </span>
      ),
    },
    {
      key: 'attempts',
      header: t('mail.attempts'),
      sort: 'attempts',
      align: 'end',
      render: (m) => m.attempts,
    },
  ]
  return (
    <section className="page" aria-labelledby="mail-title">
      <div className="page-header">
        <h1 id="mail-title">{t('mail.title')}</h1>
      </div>
      {page.data?.delivery === 'outbox' && <p className="notice">{t('mail.no_smtp')}</p>}
      <Filters csv={csv}>
        <FilterSelect
          name="state"
          label={t('mail.state')}
          value={params.get('state')}
          options={MAIL_STATES.map((s) => ({ value: s, label: t(`mail.states.${s}`) }))}
        />
        <FilterField name="recipient" label={t('mail.to')} value={params.get('recipient')} />
        <FilterField
          name="template"
          label={t('mail.template')}
          value={params.get('template')}
          placeholder="confirmation"
        />
        <FilterField name="player_id" label={t('verification.player_id')} value={params.get('player_id')} />
        <FilterField name="from" type="date" label={t('filters.from')} value={params.get('from')} />
        <FilterField name="to" type="date" label={t('filters.to')} value={params.get('to')} />
      </Filters>
      <ErrorNotice error={page.error} />
      <DataTable
        caption={t('mail.title')}
        columns={columns}
        rows={page.data?.data}
        rowKey={(m) => String(m.id)}
        loading={page.isFetching}
      />
      {page.data && (
        <PagePager
          page={page.data.pagination.page}
          totalPages={Math.ceil(page.data.pagination.total_count / page.data.pagination.per_page)}
        />
      )}
    </section>
  )
}
