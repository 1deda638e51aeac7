import { NavLink } from 'react-router'
import { useI18n } from '../../lib/i18n.tsx'

/** The staff screen's three views. */
export function StaffTabs() {
  const { t } = useI18n()
  return (
    <ul className="tabs">
      <li>
        <NavLink to="/staff" end>
          {t('staff.tabs.members')}
        </NavLink>
      </li>
      <li>
        <NavLink to="/staff/roles">{t('staff.tabs.roles')}</NavLink>
      </li>
      <li>
        <NavLink to="/staff/sign-ins">{t('staff.tabs.sign_ins')}</NavLink>
      </li>
    </ul>
  )
}
