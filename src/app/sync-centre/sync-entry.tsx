/**
 * One queued write in the sync centre: what it does, its state and when; a refused one says why (the
 * server's code, translated) with Retry and Discard.
 * Test hooks: li[data-testid="sync-entry"][data-state][data-kind], "sync-entry-reason", "sync-retry", "sync-discard".
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { LocalCartLine, OutboxEntry } from '../../workers/data-api';
import { useCommerceText } from '../cart/commerce-message';
import { serverRefusalMessage } from '../cart/server-refusal';
import { useDataClient } from '../data/data-context';
import { useLanguage } from '../i18n/use-language';
import { ROUTES } from '../routing/paths';
import { badge, button } from '../theme/recipes.css';
import { useOnline } from '../ui/use-online';
import { describeEntry } from './describe-entry';
import { formatTime } from './format-time';
import * as styles from './sync-centre.css';
import { useEntryName } from './use-entry-name';

export function SyncEntry({ entry, lines }: { entry: OutboxEntry; lines: readonly LocalCartLine[] }) {
  const { t } = useTranslation('commerce');
  const say = useCommerceText();
  const language = useLanguage();
  const online = useOnline();
  const client = useDataClient();
  const name = useEntryName(entry, lines);
  const [busy, setBusy] = useState(false);
  const [actionFailed, setActionFailed] = useState(false);
  const { kind, params } = describeEntry(entry, name, language);
  const what = t(`sync.kinds.${kind}`, params);

  const act = (action: () => Promise<unknown>) => {
    setBusy(true);
    setActionFailed(false);
    action()
      .catch((error: unknown) => {
        console.error('sync centre: action failed', error);
        setActionFailed(true);
      })
      .finally(() => setBusy(false));
  };

  const state =
    entry.state === 'sending'
      ? t('sync.stateSending')
      : entry.state === 'pending'
        ? online
          ? t('sync.statePending')
          : t('sync.stateOffline')
        : entry.state === 'done'
          ? t('sync.stateDone')
          : t('sync.stateFailed');

  return (
    <li className={styles.entry} data-testid="sync-entry" data-state={entry.state} data-kind={entry.kind} data-entry-id={entry.id}>
      <div className={styles.entryHead}>
        <p className={styles.what}>{what}</p>
        <span className={badge({ tone: entry.state === 'failed' ? 'discount' : entry.state === 'done' ? 'express' : 'highlight' })}>
          {state}
        </span>
      </div>
      <p className={styles.meta}>
        {entry.state === 'done' && entry.doneAt !== null
          ? t('sync.doneAt', { time: formatTime(entry.doneAt, language) })
          : t('sync.queuedAt', { time: formatTime(entry.createdAt, language) })}
        {entry.attempts > 0 && entry.state !== 'done' ? ` · ${t('sync.attempts', { count: entry.attempts })}` : ''}
      </p>
      {entry.state === 'failed' && (
        <>
          <p className={styles.reason} data-testid="sync-entry-reason" data-code={entry.failure?.code ?? ''}>
            {t('sync.reason', { reason: say(serverRefusalMessage(entry.kind, entry.failure)) })}
          </p>
          <div className={styles.actions}>
            {entry.kind === 'seller_product_create' && (
              // A refused product draft is opened again in the product form, to fix it (docs/SELLERS.md "Offline").
              <Link href={`${ROUTES.sellerProductNew}?draft=${encodeURIComponent(entry.target)}`} className={button({ tone: 'secondary', size: 'sm' })} data-testid="sync-open-draft">
                {t('sync.openDraft')}
              </Link>
            )}
            <button
              type="button"
              className={button({ tone: 'primary', size: 'sm' })}
              aria-label={t('sync.retryLabel', { what })}
              disabled={busy}
              data-testid="sync-retry"
              onClick={() => act(() => client.retryOutboxEntry(entry.id))}
            >
              {t('sync.retry')}
            </button>
            <button
              type="button"
              className={button({ tone: 'secondary', size: 'sm' })}
              aria-label={t('sync.discardLabel', { what })}
              disabled={busy}
              data-testid="sync-discard"
              onClick={() => act(() => client.dismissOutboxEntry(entry.id))}
            >
              {t('sync.discard')}
            </button>
          </div>
          {actionFailed && (
            <p role="alert" className={styles.reason}>
              {t('sync.actionFailed')}
            </p>
          )}
        </>
      )}
    </li>
  );
}
