/**
 * 'Rate your order' for a delivered order: online only (GET review-status, then POST /api/reviews/order with
 * a rating, title and content per product not yet reviewed). Offline it says it needs the network. A review Souk
 * hid says so, with the operator's reason.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDoc } from '../../domain/commerce-schemas';
import * as forms from '../account/forms.css';
import { productName } from '../i18n/localized';
import { useLanguage } from '../i18n/use-language';
import type { ReviewDraft, ReviewProblems } from '../reviews/review-validation';
import { button } from '../theme/recipes.css';
import { useOnline } from '../ui/use-online';
import { useOrderErrorText } from './order-errors';
import { EMPTY_DRAFT, orderReviewsBody, reviewableItems } from './order-review-drafts';
import { fetchOrderReviewStatus, reviewStatusView, submitOrderReviews } from './order-reviews-api';
import * as styles from './orders.css';
import { RateOrderItem } from './rate-order-item';

type Load = { status: 'loading' } | { status: 'error'; error: unknown } | ({ status: 'ready' } & ReturnType<typeof reviewStatusView>);

function RateOrderForm({ order }: { order: OrderDoc }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const orderError = useOrderErrorText();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [drafts, setDrafts] = useState<Record<number, ReviewDraft>>({});
  const [problems, setProblems] = useState<Record<number, ReviewProblems>>({});
  const [phase, setPhase] = useState<'editing' | 'sending' | 'done'>('editing');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchOrderReviewStatus(order.order_id, abort.signal).then(
      (status) => setLoad({ status: 'ready', ...reviewStatusView(status) }),
      (e: unknown) => {
        if (!abort.signal.aborted) setLoad({ status: 'error', error: e });
      },
    );
    return () => abort.abort();
  }, [order.order_id, attempt]);

  if (load.status === 'loading') return <p className={styles.muted} role="status">{t('rate.loading')}</p>;
  if (load.status === 'error') {
    return (
      <div role="alert" className={forms.actions}>
        <p className={forms.failure}>{t('rate.loadError')}</p>
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          onClick={() => {
            setLoad({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          {t('rate.retry')}
        </button>
      </div>
    );
  }
  if (phase === 'done') return <p className={forms.success} role="status" data-testid="rate-order-done">{t('rate.done')}</p>;

  const items = reviewableItems(order.items);
  if (items.every((item) => load.reviewed.has(item.product_id))) {
    return (
      <>
        <p className={forms.info} data-testid="rate-order-all-reviewed">{t('rate.allReviewed')}</p>
        {items.map((item) => {
          const reason = load.hiddenReasons.get(item.product_id);
          return reason ? (
            <p key={item.product_id} className={styles.muted} data-testid="rate-order-hidden" data-product-id={item.product_id}>
              {t('rate.hiddenOf', { name: productName(item, language), reason })}
            </p>
          ) : null;
        })}
      </>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = orderReviewsBody(order.order_id, drafts, load.reviewed);
    setProblems(result.problems);
    if (!result.body) {
      setError(Object.keys(result.problems).length === 0 ? t('rate.nothingRated') : null);
      return;
    }
    setError(null);
    setPhase('sending');
    submitOrderReviews(result.body).then(
      () => setPhase('done'),
      (e: unknown) => {
        setError(orderError(e, 'submitReviews'));
        setPhase('editing');
      },
    );
  };

  return (
    <form className={forms.form} noValidate onSubmit={submit} aria-busy={phase === 'sending'} data-testid="rate-order-form">
      {items.map((item) => (
        <RateOrderItem
          key={item.product_id}
          item={item}
          reviewed={load.reviewed.has(item.product_id)}
          hiddenReason={load.hiddenReasons.get(item.product_id) ?? null}
          draft={drafts[item.product_id] ?? EMPTY_DRAFT}
          problems={problems[item.product_id]}
          onChange={(next) => setDrafts((d) => ({ ...d, [item.product_id]: next }))}
        />
      ))}
      <div className={forms.actions}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={phase === 'sending'} data-testid="submit-order-reviews">
          {phase === 'sending' ? t('rate.submitting') : t('rate.submit')}
        </button>
      </div>
      {error && (
        <p role="alert" className={forms.failure}>
          {error}
        </p>
      )}
    </form>
  );
}

export function RateOrder({ order }: { order: OrderDoc }) {
  const { t } = useTranslation('orders');
  const online = useOnline();
  const [open, setOpen] = useState(false);
  return (
    <section className={styles.card} aria-labelledby="rate-order-title">
      <h2 id="rate-order-title" className={styles.cardTitle}>
        {t('rate.title')}
      </h2>
      {!open ? (
        <button type="button" className={button({ tone: 'primary' })} data-testid="rate-order" onClick={() => setOpen(true)}>
          {t('rate.action')}
        </button>
      ) : !online ? (
        <p className={forms.info} role="status" data-testid="rate-order-offline">
          {t('rate.offline')}
        </p>
      ) : (
        <RateOrderForm order={order} />
      )}
    </section>
  );
}
