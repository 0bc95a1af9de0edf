/**
 * The product's photos: taken with the camera or picked (several at once), resized in the browser before they
 * are sent, moved earlier or later and removed; the first is the main photo. The list is the caller's: photos
 * already on the server (URLs) or, for a product not yet saved, photos waiting to be sent (blobs).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_IMAGES_MAX } from '../../domain/seller-product';
import * as forms from '../account/forms.css';
import { visuallyHidden } from '../theme/global.css';
import { button } from '../theme/recipes.css';
import * as styles from './product-form.css';
import { resizePhoto } from './resize-image';

export type Photo = { kind: 'server'; url: string } | { kind: 'local'; blob: Blob };

function usePhotoUrls(photos: readonly Photo[]): string[] {
  const urls = useMemo(() => photos.map((p) => (p.kind === 'server' ? p.url : URL.createObjectURL(p.blob))), [photos]);
  useEffect(() => () => urls.forEach((u) => u.startsWith('blob:') && URL.revokeObjectURL(u)), [urls]);
  return urls;
}

export function ProductPhotos({
  photos,
  busy,
  error,
  onAdd,
  onMove,
  onRemove,
}: {
  photos: readonly Photo[];
  busy: boolean;
  error: string | null;
  onAdd: (blobs: Blob[]) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation('seller');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const urls = usePhotoUrls(photos);
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const room = PRODUCT_IMAGES_MAX - photos.length;

  const pick = async (files: File[]) => {
    setProblem(null);
    const images = files.filter((f) => f.type.startsWith('image/'));
    if (images.length < files.length) setProblem(t('photos.notImage'));
    if (images.length > room) setProblem(t('photos.tooMany', { max: PRODUCT_IMAGES_MAX }));
    const chosen = images.slice(0, Math.max(0, room));
    if (chosen.length === 0) return;
    setPreparing(true);
    const blobs: Blob[] = [];
    for (const file of chosen) {
      try {
        blobs.push(await resizePhoto(file));
      } catch {
        setProblem(t('photos.unreadable'));
      }
    }
    setPreparing(false);
    if (blobs.length > 0) onAdd(blobs);
  };

  const message = problem ?? error;
  return (
    <fieldset className={styles.section} aria-busy={busy || preparing}>
      <legend className={styles.legend}>{t('photos.title')}</legend>
      <p className={forms.hint}>{t('photos.hint', { max: PRODUCT_IMAGES_MAX })}</p>
      <label htmlFor={inputId} className={forms.label}>
        {t('photos.add')}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        disabled={busy || preparing || room <= 0}
        data-testid="product-photos-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          if (input.current) input.current.value = '';
          void pick(files);
        }}
      />
      <p role="status" className={forms.hint}>
        {preparing ? t('photos.preparing') : busy ? t('photos.sending') : ''}
      </p>
      {message && (
        <p role="alert" className={forms.error}>
          {message}
        </p>
      )}
      {photos.length > 0 && (
        <ol className={styles.photos} data-testid="product-photos">
          {photos.map((photo, i) => (
            <li key={urls[i]} className={styles.photo}>
              <img src={urls[i]} alt={t('photos.alt', { n: i + 1 })} className={styles.photoImage} />
              {i === 0 && <span className={styles.mainBadge}>{t('photos.main')}</span>}
              {photo.kind === 'local' && <span className={forms.hint}>{t('photos.waiting')}</span>}
              <span className={styles.photoActions}>
                <button type="button" className={button({ tone: 'secondary', size: 'sm' })} disabled={busy || i === 0} onClick={() => onMove(i, i - 1)}>
                  <span aria-hidden="true">↑</span>
                  <span className={visuallyHidden}>{t('photos.earlier', { n: i + 1 })}</span>
                </button>
                <button type="button" className={button({ tone: 'secondary', size: 'sm' })} disabled={busy || i === photos.length - 1} onClick={() => onMove(i, i + 1)}>
                  <span aria-hidden="true">↓</span>
                  <span className={visuallyHidden}>{t('photos.later', { n: i + 1 })}</span>
                </button>
                <button type="button" className={button({ tone: 'ghost', size: 'sm' })} disabled={busy} onClick={() => onRemove(i)}>
                  {t('photos.remove')}
                  <span className={visuallyHidden}>{` ${t('photos.alt', { n: i + 1 })}`}</span>
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}
