/**
 * Up to `limits.maxCount` photos, checked by type and size as they are picked (image-files.ts), with previews
 * and a remove button each. The texts come from the caller (each form words its limits).
 */
import { useEffect, useId, useMemo, useRef } from 'react';
import { button } from '../theme/recipes.css';
import { visuallyHidden } from '../theme/global.css';
import { addImages, IMAGE_ACCEPT, type ImageLimits, type ImageProblem } from './image-files';
import * as styles from './images-input.css';

export interface ImagesInputTexts {
  label: string;
  problem: (problem: ImageProblem) => string;
  preview: (n: number) => string;
  remove: (n: number) => string;
}

interface Props {
  images: File[];
  problems: ImageProblem[];
  limits: ImageLimits;
  texts: ImagesInputTexts;
  onChange: (images: File[], problems: ImageProblem[]) => void;
  disabled?: boolean;
  'data-testid'?: string;
}

export function ImagesInput({ images, problems, limits, texts, onChange, disabled, 'data-testid': testId }: Props) {
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => images.map((file) => URL.createObjectURL(file)), [images]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {texts.label}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        disabled={disabled}
        className={styles.file}
        data-testid={testId}
        aria-describedby={problems.length > 0 ? errorId : undefined}
        aria-invalid={problems.length > 0 || undefined}
        onChange={(e) => {
          const picked = Array.from(e.target.files ?? []);
          const next = addImages(images, picked, limits);
          onChange(next.images, next.problems);
          // The same file can be picked again after removing it.
          if (input.current) input.current.value = '';
        }}
      />
      {problems.length > 0 && (
        <p id={errorId} className={styles.error} role="alert">
          {problems.map((p) => texts.problem(p)).join(' ')}
        </p>
      )}
      {images.length > 0 && (
        <ul className={styles.previews}>
          {images.map((file, i) => (
            <li key={previews[i]} className={styles.preview}>
              <img src={previews[i]} alt={texts.preview(i + 1)} className={styles.previewImage} />
              <button
                type="button"
                className={button({ tone: 'secondary', size: 'sm' })}
                disabled={disabled}
                onClick={() => onChange(images.filter((_, j) => j !== i), [])}
              >
                <span aria-hidden="true">×</span>
                <span className={visuallyHidden}>{texts.remove(i + 1)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
