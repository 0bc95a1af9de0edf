/**
 * /seller/products: the shop's products, published or not, from the seller's mirror in the data worker (fetched
 * from GET /api/seller/products, so the list also shows offline: "saved copy from …"), with search, a status
 * filter and pages kept in the URL (?search=&status=&page=), and each variant's stock and price editable in place
 * as queued writes.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import * as forms from '../account/forms.css';
import { useSession } from '../auth/use-session';
import { PageLinks } from '../listing/pagination';
import { ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { SearchForm } from '../ui/search-form';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { NoShop } from './no-shop';
import { SavedCopyNote } from './saved-copy-note';
import { PRODUCT_STATUS_FILTERS, type ProductStatusFilter } from './seller-api';
import { SellerLayout } from './seller-layout';
import { SellerProductCard } from './seller-product-card';
import * as styles from './seller-products.css';
import { mirrorPhase, useSellerData, useSellerMirrorRefresh } from './use-seller-mirror';

const PER_PAGE = 20;

function isStatus(value: string | null): value is ProductStatusFilter {
  return (PRODUCT_STATUS_FILTERS as readonly (string | null)[]).includes(value);
}

function useListParams() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const status = params.get('status');
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const current = { search: params.get('search') ?? '', status: isStatus(status) ? status : ('all' as const), page };
  const href = (next: Partial<typeof current>) => {
    const merged = { ...current, page: 1, ...next };
    const q = new URLSearchParams();
    if (merged.search) q.set('search', merged.search);
    if (merged.status !== 'all') q.set('status', merged.status);
    if (merged.page > 1) q.set('page', String(merged.page));
    const text = q.toString();
    return text ? `${ROUTES.sellerProducts}?${text}` : ROUTES.sellerProducts;
  };
  return { current, href, go: (next: Partial<typeof current>) => navigate(href(next)) };
}

function ProductList() {
  const { t } = useTranslation('seller');
  const filterId = useId();
  const { current, href, go } = useListParams();
  const refresh = useSellerMirrorRefresh();
  const list = useSellerData({ kind: 'sellerProducts', search: current.search, status: current.status, page: current.page, perPage: PER_PAGE });
  const phase = mirrorPhase(list.data, refresh.result);

  return (
    <>
      <div className={styles.toolbar}>
        <SearchForm
          value={current.search}
          label={t('products.search')}
          placeholder={t('products.searchPlaceholder')}
          submitLabel={t('products.searchSubmit')}
          onSearch={(search) => go({ search })}
        />
        <div className={forms.field}>
          <label htmlFor={filterId} className={forms.label}>
            {t('products.filter')}
          </label>
          <select
            id={filterId}
            className={forms.control}
            value={current.status}
            data-testid="seller-products-filter"
            onChange={(e) => go({ status: isStatus(e.target.value) ? e.target.value : 'all' })}
          >
            {PRODUCT_STATUS_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`products.filters.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <Link href={ROUTES.sellerProductNew} className={button({ tone: 'primary' })} data-testid="seller-new-product">
          {t('products.new')}
        </Link>
      </div>
      <SavedCopyNote savedAt={list.data?.savedAt} />
      {phase === 'loading' || !list.data ? (
        <Skeleton style={{ blockSize: '12rem', borderRadius: '16px' }} />
      ) : phase === 'error' ? (
        <ErrorState onRetry={refresh.retry} />
      ) : phase === 'never' ? null : list.data.data.length === 0 ? (
        <EmptyState title={current.search || current.status !== 'all' ? t('products.noMatch') : t('products.empty')} />
      ) : (
        <>
          <p className={forms.hint}>{t('products.total', { count: list.data.meta.total })}</p>
          <ul className={styles.list} data-testid="seller-products-list">
            {list.data.data.map((product) => (
              <SellerProductCard key={product.id} product={product} />
            ))}
          </ul>
          <PageLinks page={list.data.meta.current_page} lastPage={list.data.meta.last_page} href={(page) => href({ ...current, page })} label={t('products.pages')} />
        </>
      )}
    </>
  );
}

export function SellerProductsPage() {
  const { t } = useTranslation('seller');
  const { user } = useSession();
  return (
    <SellerLayout title={t('products.title')}>
      {user === null ? <Skeleton style={{ blockSize: '10rem' }} /> : user.role === 'seller' ? <ProductList /> : <NoShop />}
    </SellerLayout>
  );
}
