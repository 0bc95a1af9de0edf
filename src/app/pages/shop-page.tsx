/** /shops/{slug}: the shop's header and its products as a listing. */
import { useTranslation } from 'react-i18next';
import { MessageShopLink } from '../chat/message-shop-link';
import type { ShopDoc } from '../../domain/catalog';
import { useData } from '../data/use-data';
import { useOfflineBeforeSync } from '../data/use-offline-before-sync';
import { useCatalogueComplete } from '../data/use-sync-status';
import { shopDescription, shopName } from '../i18n/localized';
import { useLanguage } from '../i18n/use-language';
import { ListingView } from '../listing/listing-view';
import { FollowButton } from '../shops/follow-button';
import { Rating } from '../products/rating';
import { badge } from '../theme/recipes.css';
import { OfflineScreen } from '../ui/offline-screen';
import { ErrorState, Skeleton } from '../ui/states';
import { NotFoundPage } from './not-found-page';
import * as styles from './shop-page.css';

function ShopHeader({ shop }: { shop: ShopDoc }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className={styles.header}>
      <img className={styles.logo} src={shop.logo} width="64" height="64" alt={t('shop.logoAlt', { name: shopName(shop, language) })} />
      <div className={styles.meta}>
        <Rating rating={shop.rating} reviews={shop.total_reviews} />
        <span>{shop.city}</span>
        <span>{t('shop.products', { count: shop.products_count })}</span>
        {shop.is_verified && <span className={badge({ tone: 'express' })}>{t('shop.verified')}</span>}
        {shop.is_featured && <span className={badge({ tone: 'highlight' })}>{t('shop.featured')}</span>}
        {shop.status === 'suspended' && <span className={badge({ tone: 'muted' })}>{t('shop.suspended')}</span>}
      </div>
      <p className={styles.description}>{shopDescription(shop, language)}</p>
      <div className={styles.actions}>
        <FollowButton shop={shop} />
        <MessageShopLink shopId={Number(shop.id)} />
      </div>
    </div>
  );
}

export function ShopPage({ slugOrId }: { slugOrId: string }) {
  const language = useLanguage();
  const { data: shop, status, retry } = useData({ kind: 'shop', slugOrId });
  const complete = useCatalogueComplete();
  const offlineBeforeSync = useOfflineBeforeSync();
  if (status === 'error') return <ErrorState onRetry={retry} />;
  if (status !== 'loading' && !shop && offlineBeforeSync) return <OfflineScreen />;
  if (status === 'loading' || (!shop && !complete)) return <Skeleton style={{ blockSize: '6rem' }} />;
  if (!shop) return <NotFoundPage />;
  return (
    <ListingView
      key={shop.id}
      title={shopName(shop, language)}
      scope={{ shopId: Number(shop.id) }}
      intro={<ShopHeader shop={shop} />}
    />
  );
}
