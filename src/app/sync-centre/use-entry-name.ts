/**
 * The name of what a queued write acts on, in the user's language: a cart line's product (from the local
 * cart), a product or a shop from the local catalogue; '#id' when it is not there (yet).
 */
import { useTranslation } from 'react-i18next';
import type { LocalCartLine, OutboxEntry } from '../../workers/data-api';
import { useData } from '../data/use-data';
import { productName, shopName } from '../i18n/localized';
import { useLanguage } from '../i18n/use-language';
import { entrySubject } from './describe-entry';

export function useEntryName(entry: OutboxEntry, lines: readonly LocalCartLine[]): string {
  const { t } = useTranslation('commerce');
  const language = useLanguage();
  const subject = entrySubject(entry);
  const line = subject.variantId === null ? undefined : lines.find((l) => l.variant_id === subject.variantId);
  const product = useData(!line && subject.productId ? { kind: 'product', id: subject.productId } : null);
  const shop = useData(subject.shopId ? { kind: 'shop', slugOrId: subject.shopId } : null);
  if (line) return productName(line, language);
  if (product.data) return productName(product.data, language);
  if (shop.data) return shopName(shop.data, language);
  if (subject.shopId) return t('sync.shop', { id: subject.shopId });
  const id = subject.productId ?? (subject.variantId === null ? entry.target : String(subject.variantId));
  return t('sync.item', { id });
}
