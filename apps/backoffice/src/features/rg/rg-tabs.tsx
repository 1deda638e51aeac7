import { NavLink } from 'react-router'
import { useI18n } from '../../lib/i18n.tsx'

/** The responsible-gambling screen's two lists: the players with limits and the markers of harm. */
export function RgTabs() {
  const { t } = useI18n()
  return (
    <nav aria-label={t('rg.tabs.label')}>
      <ul className="tabs">
        <li>
          <NavLink to="/rg" end>
            {t('rg.tabs.players')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/rg/markers">{t('rg.tabs.markers')}</NavLink>
        </li>
      </ul>
    </nav>
  )
}
