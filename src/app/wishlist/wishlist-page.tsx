/**
 * /wishlist (signed in; the route guard sends guests to log in, and a guest who still lands here reads the
 * spec's 'Please login to manage your wishlist'): the saved products, newest first, with notify toggles,
 * notes, add to cart and remove. Test hooks: [data-testid="wishlist-page"], "wishlist-empty",
 * "wishlist-login", li[data-testid="wishlist-item"] (wishlist-item.tsx).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSession } from '../auth/use-session';
import { useData } from '../data/use-data';
import { loginPath, productsPath, ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { useDocumentTitle } from '../ui/use-document-title';
import { WishlistItem } from './wishlist-item';
import * as styles from './wishlist.css';

export function WishlistPage() {
  const { t } = useTranslation('commerce');
  useDocumentTitle(t('wishlist.title'));
  const signedIn = useSession().status === 'signed-in';
  const wishlist = useData(signedIn ? { kind: 'wishlist' } : null);
  const entries = wishlist.data;

  return (
    <section className={styles.page} aria-labelledby="wishlist-title" data-testid="wishlist-page">
      <div className={styles.head}>
        <h1 id="wishlist-title" className={styles.title}>
          {t('wishlist.title')}
        </h1>
        {entries && entries.length > 0 && <p className={styles.count}>{t('wishlist.count', { count: entries.length })}</p>}
      </div>
      {!signedIn ? (
        <div data-testid="wishlist-login">
          <EmptyState title={t('wishlist.loginPrompt')}>
            <Link href={loginPath(ROUTES.wishlist)} className={button({ tone: 'primary' })}>
              {t('wishlist.login')}
            </Link>
          </EmptyState>
        </div>
      ) : wishlist.status === 'error' ? (
        <ErrorState title={t('wishlist.loadError')} onRetry={wishlist.retry} />
      ) : !entries ? (
        <Skeleton style={{ blockSize: '10rem' }} />
      ) : entries.length === 0 ? (
        <div data-testid="wishlist-empty">
          <EmptyState title={t('wishlist.empty')}>
            <p>{t('wishlist.emptyText')}</p>
            <Link href={productsPath()} className={button({ tone: 'primary' })}>
              {t('wishlist.browse')}
            </Link>
          </EmptyState>
        </div>
      ) : (
        <ul className={styles.list}>
          {entries.map((entry) => (
            <WishlistItem key={entry.item.id} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}
