/**
 * /seller/products/new and /seller/products/{id}: the product form, and for a saved product its publication
 * (DELETE unpublishes, PATCH {published: true} publishes again). A new product is a queued draft with its photos
 * (?draft={id} follows it); once the server has it the page moves to the product's own address (?created=1 says so
 * there).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { apiRequest } from '../auth/api-client';
import * as forms from '../account/forms.css';
import { useSession } from '../auth/use-session';
import { productPath, ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { ErrorState, Skeleton } from '../ui/states';
import { NoShop } from './no-shop';
import { ProductDraftStatus, useQueueDraft } from './product-draft-status';
import { ProductForm } from './product-form';
import { fetchProduct, updateProduct, type SellerProduct } from './seller-api';
import { useSellerErrorText } from './seller-errors';
import { SellerLayout } from './seller-layout';
import * as styles from './product-form.css';
import { useRemote } from './use-remote';

function Publication({ product, onChange }: { product: SellerProduct; onChange: (p: SellerProduct) => void }) {
  const { t } = useTranslation('seller');
  const errorText = useSellerErrorText();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const toggle = async () => {
    setState({ busy: true, error: null });
    try {
      const next = product.published
        ? await apiRequest<{ data: SellerProduct }>('DELETE', `/api/seller/products/${product.id}`).then((b) => b.data)
        : await updateProduct(product.id, { published: true });
      setState({ busy: false, error: null });
      onChange(next);
    } catch (error) {
      setState({ busy: false, error: errorText(error) });
    }
  };
  return (
    <div className={styles.section} data-testid="product-publication">
      <p role="status">{product.published ? (product.visible ? t('publication.visible') : t('publication.waitingShop')) : t('publication.hidden')}</p>
      <div className={styles.footer}>
        <button type="button" className={button({ tone: 'secondary' })} disabled={state.busy} onClick={() => void toggle()}>
          {product.published ? t('publication.unpublish') : t('publication.publish')}
        </button>
        {product.visible && (
          <Link href={productPath(String(product.id))} className={button({ tone: 'ghost' })}>
            {t('publication.view')}
          </Link>
        )}
      </div>
      {state.error && (
        <p role="alert" className={forms.failure}>
          {state.error}
        </p>
      )}
    </div>
  );
}

function EditProduct({ id }: { id: string }) {
  const { t } = useTranslation('seller');
  const errorText = useSellerErrorText();
  const created = new URLSearchParams(useSearch()).get('created') === '1';
  const { state, retry, replace } = useRemote(`product:${id}`, (signal) => fetchProduct(id, signal));
  if (state.status === 'loading') return <Skeleton style={{ blockSize: '24rem' }} />;
  if (state.status === 'error') return <ErrorState title={errorText(state.error)} onRetry={retry} />;
  return (
    <>
      {created && (
        <p className={forms.success} data-testid="product-created">
          {t('form.created')}
        </p>
      )}
      <Publication product={state.data} onChange={(p) => replace(() => p)} />
      <ProductForm product={state.data} onSaved={(p) => replace(() => p)} />
    </>
  );
}

/**
 * A new product is queued as one draft with its photos (docs/SELLERS.md "Offline"): sent at once when online, kept on
 * the phone when not; ?draft={id} follows it (product-draft-status.tsx).
 */
function NewProduct() {
  const draftId = new URLSearchParams(useSearch()).get('draft');
  const queue = useQueueDraft(null);
  if (draftId !== null) return <ProductDraftStatus key={draftId} draftId={draftId} />;
  return <ProductForm product={null} onSaved={() => undefined} onQueue={queue} />;
}

export function ProductFormPage({ id }: { id: string | null }) {
  const { t } = useTranslation('seller');
  const { user } = useSession();
  return (
    <SellerLayout title={id === null ? t('form.newTitle') : t('form.editTitle')}>
      <Link href={ROUTES.sellerProducts} className={button({ tone: 'ghost', size: 'sm' })}>
        {t('form.backToList')}
      </Link>
      {user === null ? <Skeleton style={{ blockSize: '16rem' }} /> : user.role !== 'seller' ? <NoShop /> : id === null ? <NewProduct /> : <EditProduct key={id} id={id} />}
    </SellerLayout>
  );
}
