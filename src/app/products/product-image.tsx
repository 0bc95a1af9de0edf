/** A product picture that falls back to a drawn placeholder when the image fails (spec §8). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './product-image.css';

interface Props {
  src: string;
  alt: string;
  /** Above-the-fold images load eagerly. */
  eager?: boolean;
  sizes?: string;
}

/** label null: a decorative picture (alt=""), so its placeholder is hidden from assistive tech too. */
function Placeholder({ label }: { label: string | null }) {
  const a11y = label === null ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label };
  return (
    <div className={styles.placeholder} {...a11y}>
      <svg aria-hidden="true" viewBox="0 0 64 64" width="56" height="56" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M18 56V30a14 14 0 0 1 28 0v26z" />
        <path d="M26 56V34a6 6 0 0 1 12 0v22" />
        <path d="M32 8l4 4-4 4-4-4z" />
      </svg>
    </div>
  );
}

export function ProductImage({ src, alt, eager = false, sizes }: Props) {
  const { t } = useTranslation();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !src || failedSrc === src;
  return (
    <div className={styles.frame}>
      {failed ? (
        <Placeholder label={alt ? `${alt} — ${t('product.imageUnavailable')}` : null} />
      ) : (
        <img
          className={styles.image}
          src={src}
          alt={alt}
          sizes={sizes}
          // The frame's 4:5 ratio as intrinsic size: the browser reserves the box before the file arrives.
          width={400}
          height={500}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          onError={() => setFailedSrc(src)}
        />
      )}
    </div>
  );
}
