/** The photos of a request or an offer (server URLs, or data URLs while it is queued), small and lazy. */
import { useTranslation } from 'react-i18next';
import * as styles from './photo-list.css';

export function PhotoList({ images, testId }: { images: readonly string[]; testId?: string }) {
  const { t } = useTranslation();
  if (images.length === 0) return null;
  return (
    <ul className={styles.images} data-testid={testId}>
      {images.map((src, i) => (
        <li key={`${i}:${src.slice(0, 64)}`}>
          <img src={src} alt={t('community.form.preview', { n: i + 1 })} className={styles.image} loading="lazy" />
        </li>
      ))}
    </ul>
  );
}
