import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useServices } from '../../../app/services.tsx'
import { filesQuery, snippetsQuery } from '../../content/api/queries.ts'
import { BannerSlider } from '../../content/components/banner-slider.tsx'
import { bannersFor } from '../../content/components/banners.ts'
import { HtmlContent } from '../../content/components/html-content.tsx'
import { PromoCard } from '../components/promo-card.tsx'
import { Grid } from '../../../components/grid/grid.tsx'
import styles from './home-page.module.css'

/** The main page: hero banners, why-us blocks, promotions, tournaments and jackpot teasers, SEO text. */
export function HomePage() {
  const { t } = useTranslation()
  const { http, env } = useServices()
  const files = useQuery(filesQuery(http, env.locale)).data ?? []
  const snippets = useQuery(snippetsQuery(http, env.locale)).data ?? []
  const snippet = (id: string) => snippets.find((s) => s.id === id)?.content
  const promos = [
    ...bannersFor(files, 'promo'),
    ...bannersFor(files, 'tournaments'),
    ...bannersFor(files, 'jackpot-top'),
  ]
  const whyUs = snippet('home-why-us')
  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{t('home.heading')}</h1>
      <BannerSlider banners={bannersFor(files, 'index-top')} label={t('home.featured')} priority />

      <section aria-labelledby="why-us" className={styles.section}>
        <h2 id="why-us" className={styles.sectionTitle}>
          {t('home.why_us')}
        </h2>
        {whyUs && <HtmlContent html={whyUs} className={styles.features} />}
      </section>

      {promos.length > 0 && (
        <section aria-labelledby="promotions" className={styles.section}>
          <div className={styles.sectionHead}>
            <h2 id="promotions" className={styles.sectionTitle}>
              {t('home.promotions')}
            </h2>
            <Link to="/bonus-terms" className={styles.more}>
              {t('home.bonus_terms')}
            </Link>
          </div>
          <Grid>
            {promos.map((banner) => (
              <PromoCard key={banner.id} banner={banner} />
            ))}
          </Grid>
        </section>
      )}

      <section className={styles.cta} aria-labelledby="crypto-cta">
        <div>
          <h2 id="crypto-cta">{t('home.crypto_title')}</h2>
          <p>{t('home.crypto_text')}</p>
        </div>
        <Link to="/benefits-of-crypto" className={styles.ctaLink}>
          {t('home.crypto_link')}
        </Link>
      </section>

      {snippet('home-seo') && <HtmlContent html={snippet('home-seo')!} className={styles.seo} />}
      {snippet('home-responsible') && (
        <HtmlContent html={snippet('home-responsible')!} className={styles.responsible} />
      )}
    </div>
  )
}
