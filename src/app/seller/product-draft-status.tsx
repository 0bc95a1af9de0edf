/**
 * A new product queued as a draft with its photos (docs/SELLERS.md "Offline"), at /seller/products/new?draft={id}:
 * the page follows the draft's outbox entry. Waiting: "saved on this phone, sent when you are online" (or sending,
 * online); accepted: on to the new product's page (?created=1); refused: the server's reason above the form filled
 * as it was queued, with its photos, to fix and save again (queued in its place) or discard. A draft no entry names
 * any more (discarded elsewhere, or logged out) says so.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { OutboxEntry, SellerProductDraft } from '../../workers/data-api';
import * as forms from '../account/forms.css';
import { useCommerceText } from '../cart/commerce-message';
import { serverRefusalMessage } from '../cart/server-refusal';
import { useDataClient } from '../data/data-context';
import { useData } from '../data/use-data';
import { ROUTES, sellerProductPath } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { Skeleton } from '../ui/states';
import { useOnline } from '../ui/use-online';
import { draftFromBody } from './product-draft';
import { ProductForm } from './product-form';
import * as styles from './product-form.css';
import type { ProductBody } from './seller-api';
import { useSellerErrorText } from './seller-errors';

/** The new product's id an accepted draft's entry keeps (src/db/seller-product-draft.ts, draftProductId). */
function productIdOf(entry: OutboxEntry): number | null {
  try {
    const meta = JSON.parse(entry.undo ?? 'null') as { productId?: unknown } | null;
    return typeof meta?.productId === 'number' ? meta.productId : null;
  } catch {
    return null;
  }
}

/** The newest entry of the draft (a draft queued again replaces its refused entry). */
function draftEntry(outbox: readonly OutboxEntry[] | undefined, draftId: string): OutboxEntry | null {
  return outbox?.filter((e) => e.kind === 'seller_product_create' && e.target === draftId).at(-1) ?? null;
}

/** Queues a new product's draft (a new one, or a refused one again under its id) and shows it in the URL. */
export function useQueueDraft(draftId: string | null) {
  const client = useDataClient();
  const [, navigate] = useLocation();
  return async (body: ProductBody, photos: Blob[]) => {
    const queued = await client.queueProductDraft({ product: { ...body }, photos, ...(draftId === null ? {} : { draftId }) });
    navigate(`${ROUTES.sellerProductNew}?draft=${encodeURIComponent(queued.draftId)}`, { replace: true });
  };
}

function RefusedDraft({ draftId, entry }: { draftId: string; entry: OutboxEntry }) {
  const { t } = useTranslation('seller');
  const say = useCommerceText();
  const errorText = useSellerErrorText();
  const client = useDataClient();
  const [, navigate] = useLocation();
  const queue = useQueueDraft(draftId);
  const [opened, setOpened] = useState<SellerProductDraft | null | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    client.productDraft(draftId).then(
      (d) => live && setOpened(d),
      () => live && setOpened(null),
    );
    return () => {
      live = false;
    };
  }, [client, draftId, entry.id]);

  const discard = () => {
    client.dismissOutboxEntry(entry.id).then(
      () => navigate(ROUTES.sellerProductNew, { replace: true }),
      (error: unknown) => setFailure(errorText(error)),
    );
  };

  const reason = say(serverRefusalMessage(entry.kind, entry.failure));
  return (
    <>
      <div role="alert" className={forms.failure} data-testid="product-draft-refused" data-code={entry.failure?.code ?? ''}>
        <p>{t('draft.refused', { reason })}</p>
        {entry.failure?.message && entry.failure.message !== reason && <p lang="en">{entry.failure.message}</p>}
      </div>
      <div className={styles.footer}>
        <button type="button" className={button({ tone: 'secondary', size: 'sm' })} onClick={discard} data-testid="product-draft-discard">
          {t('draft.discard')}
        </button>
      </div>
      {failure && (
        <p role="alert" className={forms.failure}>
          {failure}
        </p>
      )}
      {opened === undefined ? (
        <Skeleton style={{ blockSize: '24rem' }} />
      ) : (
        <ProductForm
          key={entry.id}
          product={null}
          onSaved={() => undefined}
          onQueue={queue}
          initial={opened ? { draft: draftFromBody(opened.product), photos: opened.photos } : undefined}
        />
      )}
    </>
  );
}

export function ProductDraftStatus({ draftId }: { draftId: string }) {
  const { t } = useTranslation('seller');
  const online = useOnline();
  const [, navigate] = useLocation();
  const outbox = useData({ kind: 'outbox' });
  const entry = draftEntry(outbox.data, draftId);
  const productId = entry?.state === 'done' ? productIdOf(entry) : null;

  const accepted = entry?.state === 'done';
  useEffect(() => {
    if (productId !== null) navigate(`${sellerProductPath(productId)}?created=1`, { replace: true });
    // Accepted without a readable answer: the product is in the list.
    else if (accepted) navigate(ROUTES.sellerProducts, { replace: true });
  }, [accepted, navigate, productId]);

  if (outbox.data === undefined) return <Skeleton style={{ blockSize: '8rem' }} />;
  if (entry?.state === 'failed') return <RefusedDraft draftId={draftId} entry={entry} />;
  const waiting = entry !== null && (entry.state === 'pending' || entry.state === 'sending');
  return (
    <div className={styles.section} data-testid="product-draft-status" data-state={entry?.state ?? 'missing'}>
      <p role="status" className={entry === null ? forms.failure : forms.info}>
        {entry === null ? t('draft.missing') : waiting && !online ? t('draft.queued') : t('draft.sending')}
      </p>
      <div className={styles.footer}>
        <Link href={ROUTES.syncCentre} className={button({ tone: 'ghost', size: 'sm' })}>
          {t('draft.syncCentre')}
        </Link>
        <Link href={ROUTES.sellerProductNew} className={button({ tone: 'secondary', size: 'sm' })}>
          {t('draft.newOne')}
        </Link>
      </div>
    </div>
  );
}
