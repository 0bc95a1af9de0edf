/**
 * The name of what a queued write acts on, in the user's language: a cart line's product (from the local
 * cart), a product or a shop from the local catalogue, a community request's title, a booking's tailor, the buyer a shop writes to
 * (their conversation's name); '#id' when it is not there (yet).
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
  const post = useData(subject.postId ? { kind: 'communityPost', id: subject.postId } : null);
  const conversations = useData(subject.buyerId !== null ? { kind: 'conversations' } : null);
  const bookings = useData(subject.bookingId !== null ? { kind: 'bookings' } : null);
  const booking = bookings.data?.find((b) => b.id === subject.bookingId);
  if (booking) return booking.tailor_name;
  if (post.data) return post.data.title;
  if (subject.postId) return t('sync.request', { id: subject.postId });
  if (subject.buyerId !== null) {
    const buyer = conversations.data?.find((c) => c.user_id === subject.buyerId && c.name !== '');
    return buyer ? buyer.name : t('sync.customer', { id: subject.buyerId });
  }
  if (line) return productName(line, language);
  if (product.data) return productName(product.data, language);
  if (shop.data) return shopName(shop.data, language);
  if (subject.shopId) return t('sync.shop', { id: subject.shopId });
  const id = subject.productId ?? (subject.variantId === null ? entry.target : String(subject.variantId));
  return t('sync.item', { id });
}
