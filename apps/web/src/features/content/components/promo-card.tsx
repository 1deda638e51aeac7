import { Link } from 'react-router'
import type { Banner } from './banners.ts'
import styles from './promo-card.module.css'

export function PromoCard({ banner }: { banner: Banner }) {
  return (
    <article className={styles.card}>
      <img className={styles.image} src={banner.image} alt="" loading="lazy" />
      <div className={styles.body}>
        <h3 className={styles.title}>{banner.title}</h3>
        <p className={styles.text}>{banner.text}</p>
        <Link to={banner.link} className={styles.link}>
          {banner.button} <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  )
}
