import { useEffect, useState } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { ButtonLink } from '../../../components/button/button.tsx'
import type { Banner } from './banners.ts'
import styles from './banner-slider.module.css'

/** A hero carousel: rotates every 7 s, pauses on hover and focus, keyboard-operable dots and arrows. */
export function BannerSlider({
  banners,
  label,
  priority = false,
}: {
  banners: Banner[]
  label: string
  priority?: boolean
}) {
  const { t } = useTranslation()
  const [index, setIndex] = useState(0)
  const [paused, setPaused] = useState(false)
  const count = banners.length

  useEffect(() => {
    if (count < 2 || paused) return
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), 7_000)
    return () => clearInterval(timer)
  }, [count, paused])

  if (!count) return null
  const go = (i: number) => setIndex((i + count) % count)
  return (
    <section
      className={styles.slider}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className={styles.track} style={{ transform: `translateX(-${index * 100}%)` }}>
        {banners.map((b, i) => (
          <div
            key={b.id}
            className={styles.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={t('slider.slide_of', { x: i + 1, y: count })}
            aria-hidden={i !== index}
            inert={i !== index}
          >
            <img
              className={styles.image}
              src={b.image}
              alt=""
              loading={priority && i === 0 ? 'eager' : 'lazy'}
              fetchPriority={priority && i === 0 ? 'high' : 'auto'}
            />
            <div className={styles.copy}>
              <h2 className={styles.title}>{b.title}</h2>
              <p className={styles.text}>{b.text}</p>
              <ButtonLink to={b.link}>{b.button}</ButtonLink>
            </div>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.arrow}
            onClick={() => go(index - 1)}
            aria-label={t('slider.previous')}
          >
            ‹
          </button>
          <div className={styles.dots}>
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                className={`${styles.dot} ${i === index ? styles.dotActive : ''}`}
                aria-label={t('slider.go_to', { x: i + 1 })}
                aria-current={i === index}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className={styles.arrow}
            onClick={() => go(index + 1)}
            aria-label={t('slider.next')}
          >
            ›
          </button>
        </div>
      )}
    </section>
  )
}
