/**
 * /admin: the shops (issue 24 "Shops"): the pending queue first (owner, phone verified, type, city), then the
 * active and suspended ones, searchable. Approve, reject or suspend with a reason, reinstate, feature, verify; an
 * admin also sets the commission rate (blank: the default). Each shop shows its history from the audit log.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STORE_TYPES, type StoreType } from '../../domain/catalog-constants';
import { useSession } from '../auth/use-session';
import { formatInteger } from '../i18n/number-format';
import { useLanguage } from '../i18n/use-language';
import { useRemote } from '../seller/use-remote';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { parseCommissionRate } from './admin-access';
import { decideShop, listShops, SHOP_QUEUES, shopsPath, type AdminShop, type ShopDecision, type ShopQueue } from './admin-api';
import { useAdminErrorText } from './admin-errors';
import { formatDateTime } from './admin-format';
import { AdminLayout } from './admin-layout';
import { Field, History, Outcome, Pager, ReasonAction, useAction } from './admin-parts';
import * as styles from './admin.css';

function isStoreType(value: string): value is StoreType {
  return (STORE_TYPES as readonly string[]).includes(value);
}

function CommissionForm({ shop, onSave, busy }: { shop: AdminShop; onSave: (rate: number | null) => void; busy: boolean }) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState(shop.commission_rate === null ? '' : String(shop.commission_rate));
  const [invalid, setInvalid] = useState(false);
  const id = `commission-${shop.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rate = parseCommissionRate(text);
    if (rate === undefined) {
      setInvalid(true);
      return;
    }
    onSave(rate);
  };
  return (
    <form className={styles.toolbar} onSubmit={submit}>
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {t('shops.commission')}
        </label>
        <input
          id={id}
          className={styles.input}
          inputMode="decimal"
          value={text}
          placeholder={t('shops.commissionDefault')}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            setText(e.target.value);
            setInvalid(false);
          }}
        />
        <span id={`${id}-hint`} className={styles.muted} role={invalid ? 'alert' : undefined}>
          {invalid ? t('shops.commissionInvalid') : t('shops.commissionHint')}
        </span>
      </div>
      <button type="submit" className={button({ tone: 'secondary' })} disabled={busy}>
        {t('shops.commissionSave')}
      </button>
    </form>
  );
}

function ShopItem({ shop, isAdmin, onChanged }: { shop: AdminShop; isAdmin: boolean; onChanged: (done: string) => void }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const action = useAction();
  const decide = (body: ShopDecision, done: string) => {
    void action.run(() => decideShop(shop.id, body), done).then((ok) => ok && onChanged(done));
  };
  const titleId = `shop-${shop.id}-name`;
  return (
    <li className={styles.item} data-testid="admin-shop" data-shop-id={shop.id} data-status={shop.status} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.itemTitle}>
        {shop.name}
      </h2>
      <dl className={styles.facts}>
        <dt className={styles.term}>{t('shops.owner')}</dt>
        <dd>{shop.owner ? `${shop.owner.name} · ${shop.owner.email}` : '—'}</dd>
        <dt className={styles.term}>{t('shops.phone')}</dt>
        <dd data-testid="admin-shop-phone">
          {shop.phone ?? '—'} · {shop.phone_verified ? t('shops.phoneVerified') : t('shops.phoneNotVerified')}
        </dd>
        <dt className={styles.term}>{t('shops.type')}</dt>
        <dd>{isStoreType(shop.store_type) ? t(`shops.types.${shop.store_type}`) : shop.store_type}</dd>
        <dt className={styles.term}>{t('shops.city')}</dt>
        <dd>{shop.city}</dd>
        <dt className={styles.term}>{t('shops.products')}</dt>
        <dd>{formatInteger(shop.products_count, language)}</dd>
        <dt className={styles.term}>{t('shops.since')}</dt>
        <dd>{formatDateTime(shop.created_at, language)}</dd>
        <dt className={styles.term}>{t('shops.status')}</dt>
        <dd>
          {t(`shops.statuses.${shop.rejected ? 'rejected' : shop.status}`)}
          {shop.is_verified ? ` · ${t('shops.verified')}` : ''}
          {shop.is_featured ? ` · ${t('shops.featured')}` : ''}
        </dd>
        {shop.status_reason && (
          <>
            <dt className={styles.term}>{t('shops.reason')}</dt>
            <dd>{shop.status_reason}</dd>
          </>
        )}
      </dl>
      <div className={styles.actions}>
        {shop.status === 'pending' && (
          <>
            <button type="button" className={button({ tone: 'primary' })} disabled={action.busy} onClick={() => decide({ status: 'active' }, t('shops.approved'))} data-testid="admin-shop-approve">
              {t('shops.approve')}
            </button>
            <ReasonAction label={t('shops.reject')} disabled={action.busy} testId="admin-shop-reject" onConfirm={(reason) => decide({ status: 'suspended', reason }, t('shops.rejected'))} />
          </>
        )}
        {shop.status === 'active' && (
          <ReasonAction label={t('shops.suspend')} disabled={action.busy} testId="admin-shop-suspend" onConfirm={(reason) => decide({ status: 'suspended', reason }, t('shops.suspended'))} />
        )}
        {shop.status === 'suspended' && (
          <button type="button" className={button({ tone: 'secondary' })} disabled={action.busy} onClick={() => decide({ status: 'active' }, t('shops.reinstated'))} data-testid="admin-shop-reinstate">
            {t('shops.reinstate')}
          </button>
        )}
        <button type="button" className={button({ tone: 'secondary' })} disabled={action.busy} aria-pressed={shop.is_featured} onClick={() => decide({ is_featured: !shop.is_featured }, t('shops.saved'))}>
          {t('shops.feature')}
        </button>
        <button type="button" className={button({ tone: 'secondary' })} disabled={action.busy} aria-pressed={shop.is_verified} onClick={() => decide({ is_verified: !shop.is_verified }, t('shops.saved'))}>
          {t('shops.verify')}
        </button>
      </div>
      {isAdmin && <CommissionForm shop={shop} busy={action.busy} onSave={(rate) => decide({ commission_rate: rate }, t('shops.saved'))} />}
      <Outcome state={action} testId="admin-shop-outcome" />
      <History object={`shop:${shop.id}`} />
    </li>
  );
}

export function ShopsPage() {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  const errorText = useAdminErrorText();
  const [queue, setQueue] = useState<ShopQueue>('pending');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState('');
  const path = shopsPath(queue, q, page);
  const { state, retry } = useRemote(path, (signal) => listShops(path, signal));
  return (
    <AdminLayout section="shops" title={t('shops.title')}>
      <form
        className={styles.toolbar}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(search.trim());
          setPage(1);
        }}
      >
        <div className={styles.field}>
          <label htmlFor="admin-shops-queue" className={styles.label}>
            {t('shops.queue')}
          </label>
          <select
            id="admin-shops-queue"
            className={styles.input}
            value={queue}
            onChange={(e) => {
              setQueue(e.target.value as ShopQueue);
              setPage(1);
            }}
          >
            {SHOP_QUEUES.map((status) => (
              <option key={status} value={status}>
                {t(`shops.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <Field id="admin-shops-q" label={t('shops.search')}>
          <input id="admin-shops-q" className={styles.input} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </Field>
        <button type="submit" className={button({ tone: 'secondary' })}>
          {t('shops.searchButton')}
        </button>
      </form>
      <p role="status" aria-live="polite" className={styles.note} data-testid="admin-shops-notice">
        {notice}
      </p>
      {state.status === 'loading' ? (
        <Skeleton style={{ blockSize: '12rem' }} />
      ) : state.status === 'error' ? (
        <ErrorState title={errorText(state.error)} onRetry={retry} />
      ) : state.data.data.length === 0 ? (
        <EmptyState title={t('shops.empty')} />
      ) : (
        <>
          <ul className={styles.list}>
            {state.data.data.map((shop) => (
              <ShopItem
                key={shop.id}
                shop={shop}
                isAdmin={user?.role === 'admin'}
                onChanged={(done) => {
                  setNotice(done);
                  retry();
                }}
              />
            ))}
          </ul>
          <Pager meta={state.data.meta} page={page} onPage={setPage} />
        </>
      )}
    </AdminLayout>
  );
}
