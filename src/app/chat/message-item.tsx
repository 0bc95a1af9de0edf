/**
 * One message of a thread: its text (direction from its own script), attachments (pictures as thumbnails, PDFs
 * as file links: attachments-list.tsx) and time; the user's own messages also say how far they got: 'Waiting
 * to be sent' (queued: offline or not yet accepted), 'Sending…' (the outbox is sending it), or, when the server
 * refused it, why (the refusal's code, translated) with Retry.
 * Test hooks: li[data-testid="chat-message"][data-own][data-local-state], "chat-message-retry".
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalMessage, OutboxEntry } from '../../workers/data-api';
import { useDataClient } from '../data/data-context';
import { useLanguage } from '../i18n/use-language';
import { isoOf } from '../orders/order-format';
import { button } from '../theme/recipes.css';
import { visuallyHidden } from '../theme/global.css';
import { AttachmentsList } from './attachments-list';
import { formatClock, formatDateTime } from './chat-format';
import { refusalTextKey } from './chat-refusal';
import * as styles from './thread.css';

export interface MessageItemProps {
  message: LocalMessage;
  own: boolean;
  /** Who wrote it when it is not the user's (for screen readers). */
  otherName: string;
  /** The outbox entry sending it (own, unconfirmed messages), when known. */
  entry: OutboxEntry | null;
}

function OwnState({ message, entry }: { message: LocalMessage; entry: OutboxEntry | null }) {
  const { t } = useTranslation();
  const client = useDataClient();
  const [busy, setBusy] = useState(false);
  const [retryFailed, setRetryFailed] = useState(false);
  if (message.local_state === 'confirmed') return null;
  if (message.local_state === 'queued') {
    return (
      <p className={styles.state} data-testid="chat-message-state">
        {entry?.state === 'sending' ? t('chat.message.sending') : t('chat.message.queued')}
      </p>
    );
  }
  const retry = () => {
    if (entry === null) return;
    setBusy(true);
    setRetryFailed(false);
    client
      .retryOutboxEntry(entry.id)
      .catch((error: unknown) => {
        console.error('chat: retry failed', error);
        setRetryFailed(true);
      })
      .finally(() => setBusy(false));
  };
  return (
    <div className={styles.state} data-testid="chat-message-state">
      <p className={styles.failure} data-testid="chat-message-failure" data-code={entry?.failure?.code ?? ''}>
        {t('chat.message.failed', { reason: t(refusalTextKey(entry?.failure ?? null)) })}
      </p>
      {entry !== null && (
        <button type="button" className={button({ tone: 'secondary', size: 'sm' })} onClick={retry} disabled={busy} data-testid="chat-message-retry">
          {t('chat.message.retry')}
        </button>
      )}
      {retryFailed && (
        <p className={styles.failure} role="alert">
          {t('chat.message.retryFailed')}
        </p>
      )}
    </div>
  );
}

export function MessageItem({ message, own, otherName, entry }: MessageItemProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const bubble = own ? styles.ownBubble : styles.theirBubble;
  return (
    <li
      className={own ? styles.own : styles.theirs}
      data-testid="chat-message"
      data-own={own ? 'true' : 'false'}
      data-local-state={message.local_state}
      data-message-id={message.id}
    >
      <div className={message.local_state === 'confirmed' ? bubble : `${bubble} ${styles.pendingBubble}`}>
        <span className={visuallyHidden}>{own ? t('chat.message.you') : <bdi>{otherName}</bdi>}</span>
        {message.content !== '' && (
          <p className={styles.text} dir="auto" data-testid="chat-message-text">
            {message.content}
          </p>
        )}
        <AttachmentsList attachments={message.attachments} />
        <p className={styles.meta}>
          <time dateTime={isoOf(message.created_at)} title={formatDateTime(message.created_at, language)}>
            {formatClock(message.created_at, language)}
          </time>
        </p>
      </div>
      {own && <OwnState message={message} entry={entry} />}
    </li>
  );
}
