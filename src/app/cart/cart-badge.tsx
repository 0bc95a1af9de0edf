/**
 * The header's cart link with the number of items (quantities summed), for guests too.
 * Test hook: a[data-testid="header-cart"] with [data-testid="header-cart-count"] (absent when empty).
 */
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useData } from '../data/use-data';
import { formatInteger } from '../i18n/number-format';
import { useLanguage } from '../i18n/use-language';
import { ROUTES } from '../routing/paths';
import { CartIcon } from '../ui/icons';
import * as styles from './cart-badge.css';

export function CartBadge() {
  const { t } = useTranslation('commerce');
  const language = useLanguage();
  const [location] = useLocation();
  const { data } = useData({ kind: 'cart' });
  const count = data?.totals.item_count ?? 0;
  const label = t('cart.headerLabel', { count });
  return (
    <Link
      href={ROUTES.cart}
      className={styles.link}
      aria-label={label}
      title={label}
      aria-current={location === ROUTES.cart ? 'page' : undefined}
      data-testid="header-cart"
      data-count={count}
    >
      <CartIcon />
      {count > 0 && (
        <span className={styles.count} aria-hidden="true" data-testid="header-cart-count">
          {formatInteger(Math.min(count, 99), language)}
          {count > 99 ? '+' : ''}
        </span>
      )}
    </Link>
  );
}
