import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductImage } from '../products/product-image';
import * as styles from './gallery.css';

/** Main image plus thumbnails; the thumbnails are toggle buttons. */
export function Gallery({ images, alt }: { images: string[]; alt: string }) {
  const { t } = useTranslation();
  const unique = [...new Set(images.filter(Boolean))];
  const [index, setIndex] = useState(0);
  const current = unique[Math.min(index, unique.length - 1)] ?? '';
  return (
    <section className={styles.gallery} aria-label={t('productPage.gallery')}>
      <div className={styles.main}>
        <ProductImage src={current} alt={alt} eager />
      </div>
      {unique.length > 1 && (
        <div className={styles.thumbs}>
          {unique.map((src, i) => (
            <button
              key={src}
              type="button"
              className={styles.thumb}
              aria-pressed={i === index}
              aria-label={t('productPage.showImage', { number: i + 1 })}
              onClick={() => setIndex(i)}
            >
              <ProductImage src={src} alt="" />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
