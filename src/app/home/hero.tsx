/**
 * Hero slides (spec §2: up to 70% savings). Auto-advances every 6 s unless
 * the user prefers reduced motion, hovers or focuses it, or pauses it; dots
 * and a pause button make it operable by keyboard.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { productsPath } from '../routing/paths';
import { ChevronIcon } from '../ui/icons';
import * as styles from './hero.css';

const SLIDES = [
  { key: 'hero1', tone: 'terracotta', href: productsPath('sale=1&sort=popular') },
  { key: 'hero2', tone: 'majorelle', href: productsPath('custom=1&sort=rating') },
  { key: 'hero3', tone: 'mint', href: productsPath() },
] as const;
const INTERVAL_MS = 6000;

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
function subscribeMotion(onChange: () => void) {
  const mq = window.matchMedia(reducedMotionQuery);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

export function Hero() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const reducedMotion = useSyncExternalStore(subscribeMotion, () => window.matchMedia(reducedMotionQuery).matches);
  const playing = !paused && !hovered && !reducedMotion;

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setCurrent((c) => (c + 1) % SLIDES.length), INTERVAL_MS);
    return () => clearInterval(timer);
  }, [playing]);

  return (
    <section
      className={styles.hero}
      aria-roledescription="carousel"
      aria-label={t('home.heroLabel')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div className={styles.viewport} aria-live={playing ? 'off' : 'polite'}>
        {SLIDES.map((slide, i) => (
          <div
            key={slide.key}
            className={`${styles.slide} ${styles.tone[slide.tone]}`}
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.slideOf', { current: i + 1, total: SLIDES.length })}
            aria-hidden={i !== current}
            inert={i !== current}
          >
            <p className={styles.slideTitle}>{t(`home.${slide.key}Title`)}</p>
            <p className={styles.slideText}>{t(`home.${slide.key}Text`)}</p>
            <Link href={slide.href} className={styles.cta}>
              {t(`home.${slide.key}Cta`)}
              <ChevronIcon />
            </Link>
          </div>
        ))}
      </div>
      <svg className={styles.arch} viewBox="0 0 200 260" aria-hidden="true" focusable="false">
        <path d="M20 260V110a80 80 0 0 1 160 0v150z" fill="none" stroke="currentColor" strokeWidth="10" />
        <path d="M50 260V118a50 50 0 0 1 100 0v142z" fill="currentColor" opacity="0.18" />
        <path d="M100 14l12 12-12 12-12-12z" fill="currentColor" />
      </svg>
      <div className={styles.controls}>
        {SLIDES.map((slide, i) => (
          <button
            key={slide.key}
            type="button"
            className={styles.dot}
            aria-label={t('home.goToSlide', { number: i + 1 })}
            aria-current={i === current}
            onClick={() => setCurrent(i)}
          />
        ))}
        {!reducedMotion && (
          <button type="button" className={styles.pause} onClick={() => setPaused((p) => !p)}>
            {paused ? t('home.play') : t('home.pause')}
          </button>
        )}
      </div>
    </section>
  );
}
