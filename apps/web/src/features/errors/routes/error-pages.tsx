import { useTranslation } from '../../../lib/translation.tsx'
import { useLocation } from 'react-router'
import { ButtonLink } from '../../../components/button/button.tsx'
import oopsArt from '../../../assets/oops.svg'
import notFoundArt from '../../../assets/not-found.svg'
import styles from './error-pages.module.css'

/** /oops: where the app sends a player when something failed on our side. */
export function OopsPage() {
  const { t } = useTranslation()
  return (
    <section className={styles.page}>
      <img src={oopsArt} alt="" width={320} height={220} />
      <h1>{t('errors.oops_title')}</h1>
      <p>{t('errors.oops_text')}</p>
      <div className={styles.actions}>
        <ButtonLink to="/">{t('errors.back_home')}</ButtonLink>
        <ButtonLink to="/support" variant="secondary">
          {t('errors.contact_support')}
        </ButtonLink>
      </div>
    </section>
  )
}

/** Not found: also says that the path is not one of the static pages (spec §8). */
export function NotFoundPage() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  return (
    <section className={styles.page}>
      <img src={notFoundArt} alt="" width={320} height={220} />
      <h1>{t('errors.not_found_title')}</h1>
      <p>{t('errors.not_static', { path: pathname })}</p>
      <div className={styles.actions}>
        <ButtonLink to="/">{t('errors.back_home')}</ButtonLink>
        <ButtonLink to="/support" variant="secondary">
          {t('errors.contact_support')}
        </ButtonLink>
      </div>
    </section>
  )
}
