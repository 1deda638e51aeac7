import { NavLink } from 'react-router'
import { useI18n } from '../../lib/i18n.tsx'

/** The games screen's two views: the catalogue and the rounds played. */
export function GamesTabs() {
  const { t } = useI18n()
  return (
    <ul className="tabs">
      <li>
        <NavLink to="/games" end>
          {t('games.tabs.catalogue')}
        </NavLink>
      </li>
      <li>
        <NavLink to="/games/rounds">{t('games.tabs.rounds')}</NavLink>
      </li>
    </ul>
  )
}
