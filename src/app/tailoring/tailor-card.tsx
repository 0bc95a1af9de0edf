/** One tailor in the list: portrait, name (the link), city, specialties, experience, rating and availability. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { languageShown } from '../../domain/catalog-text';
import { numberLocale } from '../../domain/money';
import type { Tailor } from '../../domain/tailoring';
import { formatRating } from '../i18n/number-format';
import { langTag } from '../i18n/languages';
import { useLanguage } from '../i18n/use-language';
import { tailorPath } from '../routing/paths';
import { AvailabilityBadge } from './availability-badge';
import * as styles from './tailoring.css';

/** Words joined the language's way ("a, b and c" / "a، b و c"). */
export function listOf(items: string[], language: string): string {
  return new Intl.ListFormat(numberLocale(language), { type: 'conjunction' }).format(items);
}

export function tailorName(tailor: Tailor, language: string): string {
  return (language === 'ar' || language === 'ma') && tailor.name_ar !== '' ? tailor.name_ar : tailor.name;
}

/**
 * The tailor's bio in the interface language, else along the fallback chain (catalog-text.ts), with the language
 * it is in; a server without the six-language bios (no `bios`) gives its one bio, in English.
 */
export function tailorBio(tailor: Tailor, language: string): { text: string; lang: string } {
  const shown = tailor.bios ? languageShown(tailor.bios, language) : null;
  return shown === null || !tailor.bios ? { text: tailor.bio, lang: 'en' } : { text: tailor.bios[shown] ?? '', lang: langTag(shown) };
}

export function TailorCard({ tailor }: { tailor: Tailor }) {
  const { t } = useTranslation('tailoring');
  const language = useLanguage();
  const name = tailorName(tailor, language);
  return (
    <li className={styles.card} data-testid="tailor-card" data-tailor-id={tailor.id} data-availability={tailor.availability}>
      <div className={styles.cardHead}>
        <img className={styles.avatar} src={tailor.image} alt={t('card.photo', { name })} width={64} height={64} loading="lazy" />
        <div>
          <Link href={tailorPath(tailor.id)} className={styles.cardLink}>
            <bdi>{name}</bdi>
          </Link>
          <p className={styles.muted}>{tailor.city}</p>
        </div>
      </div>
      <p className={styles.muted}>{t('card.specialties', { list: listOf(tailor.specialties.map((s) => t(`specialties.${s}`)), language) })}</p>
      <p className={styles.muted}>{t('card.experience', { count: tailor.experience_years })}</p>
      <p className={styles.muted}>{t('card.rating', { rating: formatRating(tailor.rating, language), count: tailor.reviews_count })}</p>
      <div className={styles.badges}>
        <AvailabilityBadge availability={tailor.availability} />
      </div>
    </li>
  );
}
