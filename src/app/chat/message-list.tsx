/**
 * A thread's messages, live from the local database: oldest at the top, newest at the bottom, grouped by day;
 * the log scrolls to the bottom when a newer message comes (sent or received) and keeps its place when older
 * ones are loaded above ("Load older messages", page by page). role="log": new messages are read out politely.
 * Test hooks: [data-testid="message-list"], "message-list-older", "message-list-empty".
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useData } from '../data/use-data';
import { useLanguage } from '../i18n/use-language';
import { button } from '../theme/recipes.css';
import { ErrorState, Skeleton } from '../ui/states';
import { combinePages, formatDay, groupByDay, hasOlderPages, isolate } from './chat-format';
import { entryOfMessage } from './chat-refusal';
import { MessageItem } from './message-item';
import { isOwnMessage, type ThreadRef } from './thread-target';
import * as styles from './thread.css';
import { useNow } from './use-now';
import { useThreadMessages } from './use-thread-messages';

interface ScrollMark {
  newest: string | undefined;
  oldest: string | undefined;
  height: number;
}

export function MessageList({ target, otherName }: { target: ThreadRef; otherName: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useNow(60_000);
  const [count, setCount] = useState(1);
  const query = target.side === 'buyer' ? { shopId: target.shopId } : { shopId: target.shopId, userId: target.userId };
  const { pages, status, retry } = useThreadMessages(query, count);
  const messages = combinePages(pages);
  const unsettled = messages.some((m) => m.local_state !== 'confirmed' && isOwnMessage(m, target.side));
  const { data: outbox } = useData(unsettled ? { kind: 'outbox' } : null);
  const older = hasOlderPages(pages);
  const loadingOlder = pages.some((p) => p === undefined) && status === 'ready';

  const logRef = useRef<HTMLDivElement>(null);
  const mark = useRef<ScrollMark | null>(null);
  const newest = messages.at(-1)?.id;
  const oldest = messages[0]?.id;
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const before = mark.current;
    if (before === null || newest !== before.newest) log.scrollTop = log.scrollHeight;
    else if (oldest !== before.oldest) log.scrollTop += log.scrollHeight - before.height;
    mark.current = { newest, oldest, height: log.scrollHeight };
  }, [newest, oldest]);

  if (status === 'error') return <ErrorState title={t('chat.thread.loadError')} onRetry={retry} />;

  return (
    <div
      ref={logRef}
      className={styles.log}
      role="log"
      aria-label={t('chat.thread.logLabel', { name: isolate(otherName) })}
      aria-busy={status === 'loading' || loadingOlder}
      tabIndex={0}
      data-testid="message-list"
      data-count={messages.length}
    >
      {status === 'loading' && <Skeleton style={{ blockSize: '3rem', inlineSize: '60%' }} />}
      {older && (
        <button
          type="button"
          className={`${button({ tone: 'secondary', size: 'sm' })} ${styles.older}`}
          onClick={() => setCount((n) => n + 1)}
          disabled={loadingOlder}
          data-testid="message-list-older"
        >
          {t('chat.thread.loadOlder')}
        </button>
      )}
      {status === 'ready' && messages.length === 0 && (
        <p className={styles.empty} data-testid="message-list-empty">
          {t('chat.thread.empty')}
        </p>
      )}
      {groupByDay(messages).map((group) => (
        <div key={group.key} className={styles.day} role="group" aria-label={formatDay(group.at, now, language)}>
          <p className={styles.dayLabel} aria-hidden="true">
            {formatDay(group.at, now, language)}
          </p>
          <ol className={styles.list}>
            {group.messages.map((message) => {
              const own = isOwnMessage(message, target.side);
              return (
                <MessageItem
                  key={message.id}
                  message={message}
                  own={own}
                  otherName={otherName}
                  entry={own && message.local_state !== 'confirmed' ? entryOfMessage(outbox ?? [], message.id) : null}
                />
              );
            })}
          </ol>
        </div>
      ))}
    </div>
  );
}
