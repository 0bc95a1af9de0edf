/**
 * The dashboard's alerts (docs/SELLERS.md "Alerts"): new orders, low stock, the operator's decisions on the shop
 * and custom requests, unread first, each with its page and "mark as read"; "mark all as read" for the rest.
 * The texts are the push's, written by the server in the seller's language. Online (GET /api/seller/alerts).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { numberLocale } from '../../domain/money';
import * as layout from '../account/account-layout.css';
import { useLanguage } from '../i18n/use-language';
import { badge, button } from '../theme/recipes.css';
import { ErrorState, Skeleton } from '../ui/states';
import * as styles from './alerts-card.css';
import { fetchAlerts, markAlertsRead, unreadFirst, withRead, type SellerAlertPage } from './seller-alerts-api';
import { isNetworkFailure, useSellerErrorText } from './seller-errors';
import { useRemote } from './use-remote';

export function AlertsCard() {
  const { t } = useTranslation('seller');
  const language = useLanguage();
  const errorText = useSellerErrorText();
  const { state, retry, replace } = useRemote('seller-alerts', fetchAlerts);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const date = new Intl.DateTimeFormat(numberLocale(language), { dateStyle: 'medium', timeStyle: 'short' });

  const mark = async (which: { ids: number[] } | { all: true }) => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await markAlertsRead(which);
      replace((page: SellerAlertPage) => ({
        data: withRead(page.data, 'all' in which ? 'all' : new Set(which.ids)),
        meta: { ...page.meta, unread: result.unread },
      }));
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={layout.card} aria-labelledby="seller-alerts-title" data-testid="seller-alerts">
      <h2 id="seller-alerts-title" className={layout.cardTitle}>
        {t('alerts.title')}
      </h2>
      {state.status === 'loading' ? (
        <Skeleton style={{ blockSize: '4rem' }} />
      ) : state.status === 'error' ? (
        isNetworkFailure(state.error) ? (
          <p className={styles.meta}>{t('alerts.offline')}</p>
        ) : (
          <ErrorState title={errorText(state.error)} onRetry={retry} />
        )
      ) : state.data.data.length === 0 ? (
        <p className={styles.meta}>{t('alerts.empty')}</p>
      ) : (
        <>
          <p className={styles.meta} aria-live="polite">
            {t('alerts.unread', { n: state.data.meta.unread })}
          </p>
          <ul className={styles.list}>
            {unreadFirst(state.data.data).map((alert) => (
              <li key={alert.id} className={alert.read ? styles.item : `${styles.item} ${styles.unread}`} data-testid="seller-alert">
                <p className={styles.head}>
                  {!alert.read && <span className={badge({ tone: 'highlight' })}>{t('alerts.new')}</span>}
                  <bdi>{alert.title}</bdi>
                </p>
                {alert.body && <p className={styles.body}>{alert.body}</p>}
                <p className={styles.meta}>
                  <time dateTime={new Date(alert.created_at).toISOString()}>{date.format(alert.created_at)}</time>
                </p>
                <div className={styles.actions}>
                  {alert.data.url?.startsWith('/') && (
                    <Link href={alert.data.url} className={button({ tone: 'secondary', size: 'sm' })}>
                      {t('alerts.open')}
                    </Link>
                  )}
                  {!alert.read && (
                    <button type="button" className={button({ tone: 'ghost', size: 'sm' })} disabled={busy} onClick={() => void mark({ ids: [alert.id] })}>
                      {t('alerts.markRead')}
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {state.data.meta.unread > 0 && (
            <button type="button" className={button({ tone: 'secondary' })} disabled={busy} onClick={() => void mark({ all: true })}>
              {t('alerts.markAllRead')}
            </button>
          )}
        </>
      )}
      {failure && (
        <p role="alert" className={styles.meta}>
          {failure}
        </p>
      )}
    </section>
  );
}
