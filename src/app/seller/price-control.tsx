/**
 * A variant's own price (MAD), edited in place beside its stock: a queued write (outbox kind seller_price, PATCH
 * /api/seller/products/{id}/variants/{variant_id} {price}), shown at once in the list, sent once after reconnect,
 * refused visibly with the server's reason (queued-variant-field.tsx).
 */
import { useTranslation } from 'react-i18next';
import type { SellerProductView, SellerVariantView } from '../../workers/data-api';
import { useDataClient } from '../data/data-context';
import { QueuedVariantField } from './queued-variant-field';
import { useVariantLabel } from './variant-label';

/** An amount ≥ 0 with at most 2 decimals (the server checks its upper bound). */
export function parsePrice(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const price = Number(trimmed);
  return Number.isFinite(price) ? price : null;
}

export function PriceControl({ product, variant }: { product: Pick<SellerProductView, 'id'>; variant: SellerVariantView }) {
  const { t } = useTranslation('seller');
  const client = useDataClient();
  const label = useVariantLabel()(variant);
  return (
    <QueuedVariantField
      variant={variant}
      kind="seller_price"
      value={String(variant.original_price)}
      parse={parsePrice}
      queue={(price) => client.setVariantPrice({ productId: product.id, variantId: variant.id, price })}
      label={t('offline.priceOf', { variant: label })}
      labelSuffix={label}
      submitLabel={t('offline.setPrice')}
      invalidText={t('offline.priceInvalid')}
      savedText={t('offline.priceSaved')}
      queuedText={t('offline.priceQueued')}
      input={{ inputMode: 'decimal', min: 0, step: 0.01 }}
      testId="price"
    />
  );
}
