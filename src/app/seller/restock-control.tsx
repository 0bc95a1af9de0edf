/**
 * A variant's stock, edited in place. The edit is a queued write (outbox kind seller_stock, src/db/seller-stock.ts):
 * sent at once when online, kept on the device when not and sent once after reconnect (with or without the
 * Background Sync API), listed in the sync centre meanwhile, and shown at once in the list (the seller's mirror lays
 * it over the variant). The control follows its entry: waiting (offline), saving, saved, or refused with the
 * server's reason (queued-variant-field.tsx).
 */
import { useTranslation } from 'react-i18next';
import { MAX_STOCK } from '../../domain/seller-product';
import type { SellerProductView, SellerVariantView } from '../../workers/data-api';
import { useDataClient } from '../data/data-context';
import { QueuedVariantField } from './queued-variant-field';
import { useVariantLabel } from './variant-label';

function parseStock(text: string): number | null {
  const stock = Number(text);
  return text.trim() === '' || !Number.isInteger(stock) || stock < 0 || stock > MAX_STOCK ? null : stock;
}

export function RestockControl({ product, variant }: { product: Pick<SellerProductView, 'id'>; variant: SellerVariantView }) {
  const { t } = useTranslation('seller');
  const client = useDataClient();
  const label = useVariantLabel()(variant);
  return (
    <QueuedVariantField
      variant={variant}
      kind="seller_stock"
      value={String(variant.stock_quantity)}
      parse={parseStock}
      queue={(stock) => client.setVariantStock({ productId: product.id, variantId: variant.id, stock })}
      label={t('products.stockOf', { variant: label })}
      labelSuffix={label}
      submitLabel={t('products.restock')}
      invalidText={t('field.stock')}
      savedText={t('products.restocked')}
      queuedText={t('products.restockQueued')}
      input={{ inputMode: 'numeric', min: 0, max: MAX_STOCK, step: 1 }}
      testId="restock"
    />
  );
}
