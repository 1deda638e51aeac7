import { NavLink } from 'react-router'
import { useI18n } from '../../lib/i18n.tsx'

/** The payments screen's views: every payment, those stuck in flight, the approvals waiting. */
export function PaymentsTabs() {
  const { t } = useI18n()
  return (
    <ul className="tabs">
      <li>
        <NavLink to="/payments" end>
          {t('payments.tabs.all')}
        </NavLink>
      </li>
      <li>
        <NavLink to="/payments/stuck">{t('payments.tabs.stuck')}</NavLink>
      </li>
      <li>
        <NavLink to="/payments/approvals">{t('payments.tabs.approvals')}</NavLink>
      </li>
    </ul>
  )
}
