/**
 * /cart (docs/COMMERCE.md; guests too): the local cart's lines, clear, coupon, totals, 'Proceed to checkout'
 * (guests are sent to log in by the /checkout guard) and related products. Every change is local at once and
 * queued; a line whose change waits says so. Test hooks: [data-testid="cart-page"], "cart-line",
 * "cart-empty", "cart-clear", "checkout-link", "cart-total" (see cart-line.tsx, cart-totals.tsx, coupon-form.tsx).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { LocalCart } from '../../workers/data-api';
import { useDataClient } from '../data/data-context';
import { useData } from '../data/use-data';
import { productsPath, ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { useDocumentTitle } from '../ui/use-document-title';
import { CartLine } from './cart-line';
import * as styles from './cart-page.css';
import { CartRelated } from './cart-related';
import { CartTotals } from './cart-totals';
import { CouponForm } from './coupon-form';
import { useCartActions } from './use-cart-actions';

export function CartPage() {
  const { t } = useTranslation('commerce');
  useDocumentTitle(t('cart.title'));
  const cart = useData({ kind: 'cart' });

  return (
    <section className={styles.page} aria-labelledby="cart-title" data-testid="cart-page">
      <div className={styles.head}>
        <h1 id="cart-title" className={styles.title}>
          {t('cart.title')}
        </h1>
        {cart.data && cart.data.lines.length > 0 && (
          <p className={styles.count}>{t('cart.items', { count: cart.data.totals.item_count })}</p>
        )}
      </div>
      {cart.status === 'error' ? (
        <ErrorState title={t('cart.loadError')} onRetry={cart.retry} />
      ) : !cart.data ? (
        <Skeleton style={{ blockSize: '12rem' }} />
      ) : cart.data.lines.length === 0 ? (
        <div data-testid="cart-empty">
          <EmptyState title={t('cart.empty')}>
            <p>{t('cart.emptyText')}</p>
            <Link href={productsPath()} className={button({ tone: 'primary' })}>
              {t('cart.browse')}
            </Link>
          </EmptyState>
        </div>
      ) : (
        <CartContents cart={cart.data} />
      )}
    </section>
  );
}

function CartContents({ cart }: { cart: LocalCart }) {
  const { t } = useTranslation('commerce');
  const client = useDataClient();
  const actions = useCartActions();
  const outbox = useData({ kind: 'outbox' });
  const [confirming, setConfirming] = useState(false);
  const refusedCoupons = (outbox.data ?? []).filter((e) => e.kind === 'coupon_apply' && e.state === 'failed');

  return (
    <>
      <div className={styles.layout}>
        <div className={styles.lines}>
          <div className={styles.linesHead}>
            <h2 className={styles.sectionTitle}>{t('cart.lines')}</h2>
            {confirming ? (
              <div className={styles.confirm} role="group" aria-label={t('cart.clear')}>
                <span>{t('cart.clearConfirm')}</span>
                <button
                  type="button"
                  className={button({ tone: 'primary', size: 'sm' })}
                  data-testid="cart-clear-confirm"
                  onClick={() => {
                    setConfirming(false);
                    void actions.clear();
                  }}
                >
                  {t('cart.clearYes')}
                </button>
                <button type="button" className={button({ tone: 'ghost', size: 'sm' })} onClick={() => setConfirming(false)}>
                  {t('cart.clearNo')}
                </button>
              </div>
            ) : (
              <button
                type="button"
                className={button({ tone: 'ghost', size: 'sm' })}
                data-testid="cart-clear"
                onClick={() => setConfirming(true)}
              >
                {t('cart.clear')}
              </button>
            )}
          </div>
          <ul className={styles.lines}>
            {cart.lines.map((line) => (
              <CartLine
                key={line.id}
                line={line}
                onQuantity={(variantId, quantity) => void actions.setQuantity(variantId, quantity)}
                onRemove={(variantId) => void actions.remove(variantId)}
              />
            ))}
          </ul>
        </div>
        <aside className={styles.summary} aria-labelledby="cart-summary-title" data-testid="cart-summary" data-pending={cart.pending}>
          <h2 id="cart-summary-title" className={styles.sectionTitle}>
            {t('totals.title')}
          </h2>
          <CouponForm
            cart={cart}
            refused={refusedCoupons}
            onApply={actions.applyCoupon}
            onRemove={() => void actions.removeCoupon()}
            onDismiss={(ids) => ids.forEach((id) => void client.dismissOutboxEntry(id))}
          />
          <CartTotals totals={cart.totals} couponCode={cart.coupon_code} country={cart.country} />
          {cart.pending && <p className={styles.hint}>{t('totals.serverNote')}</p>}
          <Link href={ROUTES.checkout} className={button({ tone: 'primary', block: true })} data-testid="checkout-link">
            {t('cart.proceed')}
          </Link>
          <Link href={productsPath()} className={button({ tone: 'ghost', block: true })}>
            {t('cart.continue')}
          </Link>
        </aside>
      </div>
      <CartRelated lines={cart.lines} />
    </>
  );
}
