import { useTranslation } from '../../lib/translation.tsx'
import { Link } from 'react-router'
import { useSnippet } from '../../features/content/api/get-snippets.ts'
import { BannerSlider } from '../../features/content/components/banner-slider.tsx'
import { useBanners } from '../../features/content/components/banners.ts'
import { PromoCard } from '../../features/content/components/promo-card.tsx'
import { HtmlContent } from '../../components/html-content/html-content.tsx'
import { Grid } from '../../components/grid/grid.tsx'
import { TOP_GAMES, TOP_GAMES_COUNT } from '../../features/games/api/games.ts'
import { GameRow } from '../../features/games/components/game-row.tsx'
import { GameSearch } from '../../features/games/components/game-search.tsx'
import { LobbyNav } from '../../features/games/components/lobby-nav.tsx'
import { LatestWins } from '../../features/games/components/latest-wins.tsx'
import styles from './home-page.module.css'

/** The main page: hero banners, the lobby row, latest wins, why-us blocks, promotions, tournaments and jackpot teasers, SEO text. */
export function HomePage() {
  const { t } = useTranslation()
  const bannersFor = useBanners()
  const whyUs = useSnippet('home-why-us')
  const seoText = useSnippet('home-seo')
  const responsible = useSnippet('home-responsible')
  const promos = [...bannersFor('promo'), ...bannersFor('tournaments'), ...bannersFor('jackpot-top')]
  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{t('home.heading')}</h1>
      <BannerSlider banners={bannersFor('index-top')} label={t('home.featured')} priority />

      <LobbyNav />

      <GameSearch>
        <section aria-labelledby="top-games" className={styles.section}>
          <div className={styles.sectionHead}>
            <h2 id="top-games" className={styles.sectionTitle}>
              {t('home.top_games')}
            </h2>
            <Link to="/pokies/all" className={styles.more}>
              {t('home.all_games')}
            </Link>
          </div>
          <GameRow filter={TOP_GAMES} label={t('home.top_games')} count={TOP_GAMES_COUNT} />
        </section>
      </GameSearch>

      <LatestWins />

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

      {seoText && <HtmlContent html={seoText} className={styles.seo} />}
      {responsible && <HtmlContent html={responsible} className={styles.responsible} />}
    </div>
  )
}
