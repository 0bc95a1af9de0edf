/**
 * 'Updated 12 minutes ago': a section's age, shown only when its data is older
 * than its spec §9 bound and not streamed live (useFreshness). Static text in
 * the section header; nothing at all while the data is fresh.
 */
import { useTranslation } from 'react-i18next';
import type { FreshnessSection } from '../../domain/freshness';
import { formatAge, useFreshness } from '../data/use-freshness';
import { useLanguage } from '../i18n/use-language';
import * as styles from './freshness-note.css';

export function FreshnessNote({ section }: { section: FreshnessSection }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { showNote, ageMs } = useFreshness(section);
  if (!showNote || ageMs === null) return null;
  return (
    <p className={styles.note} data-testid="freshness-note" data-section={section}>
      {t('freshness.updated', { age: formatAge(ageMs, language) })}
    </p>
  );
}
