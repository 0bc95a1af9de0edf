/** Up to 5 review photos, checked by type and size as they are picked, with previews and a remove button each. */
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { button } from '../theme/recipes.css';
import { visuallyHidden } from '../theme/global.css';
import { addImages, REVIEW_IMAGE_ACCEPT, type ImageProblem } from './review-validation';
import * as styles from './review-form.css';

interface Props {
  images: File[];
  problems: ImageProblem[];
  onChange: (images: File[], problems: ImageProblem[]) => void;
  disabled?: boolean;
}

export function ReviewImagesInput({ images, problems, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => images.map((file) => URL.createObjectURL(file)), [images]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {t('reviews.form.images')}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={REVIEW_IMAGE_ACCEPT}
        disabled={disabled}
        className={styles.file}
        aria-describedby={problems.length > 0 ? errorId : undefined}
        aria-invalid={problems.length > 0 || undefined}
        onChange={(e) => {
          const picked = Array.from(e.target.files ?? []);
          const next = addImages(images, picked);
          onChange(next.images, next.problems);
          // The same file can be picked again after removing it.
          if (input.current) input.current.value = '';
        }}
      />
      {problems.length > 0 && (
        <p id={errorId} className={styles.error} role="alert">
          {problems.map((p) => t(`reviews.images.${p}`)).join(' ')}
        </p>
      )}
      {images.length > 0 && (
        <ul className={styles.previews}>
          {images.map((file, i) => (
            <li key={previews[i]} className={styles.preview}>
              <img src={previews[i]} alt={t('reviews.form.preview', { n: i + 1 })} className={styles.previewImage} />
              <button
                type="button"
                className={button({ tone: 'secondary', size: 'sm' })}
                disabled={disabled}
                onClick={() => onChange(images.filter((_, j) => j !== i), [])}
              >
                <span aria-hidden="true">×</span>
                <span className={visuallyHidden}>{t('reviews.form.removeImage', { n: i + 1 })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
