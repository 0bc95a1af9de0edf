/** Shop card (spec §2): logo, name, city, rating, product count, featured/verified/suspended badges. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ShopDoc } from '../../domain/catalog';
import { shopName } from '../i18n/localized';
import { useLanguage } from '../i18n/use-language';
import { Rating } from '../products/rating';
import { shopPath } from '../routing/paths';
import { FollowButton } from '../shops/follow-button';
import { badge } from '../theme/recipes.css';
import * as styles from './shop-card.css';

/**
 * withFollow: the follow button under the badges (the shops list; the home row stays compact).
 * headingLevel: the name's heading level inside its section (h2 right under the page's h1).
 */
export function ShopCard({
  shop,
  withFollow = false,
  headingLevel: Heading = 'h3',
}: {
  shop: ShopDoc;
  withFollow?: boolean;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [logoFailed, setLogoFailed] = useState(false);
  const name = shopName(shop, language);
  return (
    <article className={styles.card}>
      {logoFailed || !shop.logo ? (
        <span className={styles.logo} aria-hidden="true" />
      ) : (
        <img className={styles.logo} src={shop.logo} alt="" width="56" height="56" loading="lazy" onError={() => setLogoFailed(true)} />
      )}
      <Heading className={styles.name}>
        <Link href={shopPath(shop.slug)} className={styles.link}>
          {name}
        </Link>
      </Heading>
      <p className={styles.meta}>
        {shop.city} · {t('shop.products', { count: shop.products_count })} · {t('shops.followers', { count: shop.followers })}
      </p>
      {shop.address && (
        <p className={styles.address}>
          {shop.address}, {shop.city}
        </p>
      )}
      <div className={styles.badges}>
        <Rating rating={shop.rating} reviews={shop.total_reviews} />
        {shop.is_verified && <span className={badge({ tone: 'express' })}>{t('shop.verified')}</span>}
        {shop.is_featured && <span className={badge({ tone: 'highlight' })}>{t('shop.featured')}</span>}
        {shop.status === 'suspended' && <span className={badge({ tone: 'muted' })}>{t('shop.suspended')}</span>}
      </div>
      {withFollow && <FollowButton shop={shop} showCount={false} />}
    </article>
  );
}
