/**
 * The logout button. When writes are still waiting in the outbox (SyncStatus.outbox.pending), it asks first
 * (docs/COMMERCE.md): an alert dialog says how many changes would be discarded, with Cancel (focused first) and
 * 'Log out anyway'. Confirming empties that account's service-worker queue (CLEAR_PERSONAL_QUEUE with its
 * owner) and signs out, whose wipe empties the outbox with the other personal collections. This explicit
 * logout is the only sign-out that discards queued writes (an expiry, a 401 or another tab keeps them for
 * the same account, session-store.ts).
 */
import { useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { tokenOwner } from '../../sync/session-token';
import { useFocusTrap } from '../a11y/use-focus-trap';
import { pendingWrites, useSyncStatusSelector } from '../data/use-sync-status';
import { button } from '../theme/recipes.css';
import * as styles from './logout-button.css';
import { clearServiceWorkerQueue } from './personal-data';
import { session } from './session';
import { signOut } from './use-session';

function ConfirmLogout({ pending, onCancel, onConfirm }: { pending: number; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('auth');
  const titleId = useId();
  const bodyId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, true, onCancel);
  return createPortal(
    <>
      <div className={styles.backdrop} onClick={onCancel} aria-hidden="true" />
      <div
        ref={ref}
        className={styles.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        data-testid="logout-confirm"
      >
        <h2 id={titleId} className={styles.title}>
          {t('logoutQueued.title')}
        </h2>
        <p id={bodyId}>{t('logoutQueued.body', { count: pending })}</p>
        <div className={styles.actions}>
          <button type="button" className={button({ tone: 'secondary' })} onClick={onCancel}>
            {t('logoutQueued.cancel')}
          </button>
          <button type="button" className={button({ tone: 'primary' })} onClick={onConfirm}>
            {t('logoutQueued.confirm')}
          </button>
        </div>
      </div>
    </>,
    document.body,
  );
}

export function LogoutButton({ label, busyLabel, className }: { label: string; busyLabel: string; className?: string }) {
  const pending = useSyncStatusSelector(pendingWrites);
  const [asking, setAsking] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const leave = (discardQueued: boolean) => {
    setAsking(false);
    setLeaving(true);
    const token = session.token();
    // That account's copies in the service worker go first, so none is replayed while the session ends.
    const clearQueue = discardQueued && token ? clearServiceWorkerQueue(undefined, tokenOwner(token)) : Promise.resolve([]);
    void clearQueue
      .catch(() => [])
      // Confirmed, or nothing was queued: the queued writes go with the rest.
      .then(() => signOut({ discardQueued: true }))
      .finally(() => setLeaving(false));
  };

  return (
    <>
      <button
        type="button"
        className={className ?? button({ tone: 'secondary' })}
        disabled={leaving}
        aria-haspopup={pending > 0 ? 'dialog' : undefined}
        onClick={() => (pending > 0 ? setAsking(true) : leave(false))}
        data-testid="logout"
      >
        {leaving ? busyLabel : label}
      </button>
      {asking && <ConfirmLogout pending={pending} onCancel={() => setAsking(false)} onConfirm={() => leave(true)} />}
    </>
  );
}
