/**
 * /community/messages (protected): the signed-in user's conversations from the local mirror, most recent first:
 * the other side's name, whether they are online (use-conversations-presence.ts), the last message, how long
 * ago, the unread count. A seller sees their shop's conversations with buyers (marked 'Your shop') beside their
 * own as a buyer. Each opens its thread: a shop's at /community/messages/{shop_id}, a buyer's (seller's side) at
 * /community/messages/{user_id}?as=shop.
 * Test hooks: [data-testid="conversations-page"], li[data-testid="conversation"][data-side][data-unread],
 * "conversation-online", "conversations-empty".
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Conversation } from '../../domain/community-schemas';
import { useSession } from '../auth/use-session';
import { useData } from '../data/use-data';
import { formatInteger } from '../i18n/number-format';
import { useLanguage } from '../i18n/use-language';
import { isoOf } from '../orders/order-format';
import { shopsPath } from '../routing/paths';
import { visuallyHidden } from '../theme/global.css';
import { badge, button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { useDocumentTitle } from '../ui/use-document-title';
import { usePresence } from './chat-hooks';
import { formatRelativeTime } from './chat-format';
import * as styles from './conversations.css';
import { conversationPath, conversationSide, presenceKeyOf, type ChatUser } from './thread-target';
import { useConversationsPresence } from './use-conversations-presence';
import { useNow } from './use-now';

function Avatar({ conversation }: { conversation: Conversation }) {
  if (conversation.avatar !== '') return <img className={styles.avatar} src={conversation.avatar} alt="" width="44" height="44" loading="lazy" />;
  return (
    <span className={styles.avatar} aria-hidden="true">
      {[...conversation.name.trim()][0] ?? '?'}
    </span>
  );
}

function ConversationRow({ conversation, user, now }: { conversation: Conversation; user: ChatUser; now: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const side = conversationSide(conversation, user);
  const unread = conversation.unread_count;
  const ownShop = side === 'shop' && user.shop !== null;
  const online = usePresence(presenceKeyOf(conversation, user))?.online === true;
  return (
    <li className={styles.item} data-testid="conversation" data-side={side} data-unread={unread} data-conversation-id={conversation.conversation_id}>
      <Link href={conversationPath(conversation, user)} className={styles.link}>
        <Avatar conversation={conversation} />
        <span className={styles.body}>
          <span className={styles.nameRow}>
            <bdi className={unread > 0 ? `${styles.name} ${styles.unreadName}` : styles.name} data-testid="conversation-name">
              {conversation.name}
            </bdi>
            {online && (
              <span className={styles.online} data-testid="conversation-online">
                <span className={styles.dot} aria-hidden="true" />
                {t('chat.presence.online')}
              </span>
            )}
            {ownShop && <span className={badge({ tone: 'neutral' })}>{t('chat.conversations.yourShop')}</span>}
          </span>
          <span className={styles.preview} dir="auto" data-testid="conversation-preview">
            {conversation.last_message ?? t('chat.conversations.noMessages')}
          </span>
        </span>
        <span className={styles.side}>
          {conversation.last_message_at !== null && (
            <time className={styles.time} dateTime={isoOf(conversation.last_message_at)}>
              {formatRelativeTime(conversation.last_message_at, now, language)}
            </time>
          )}
          {unread > 0 && (
            <span className={styles.unread} data-testid="conversation-unread">
              <span aria-hidden="true">{formatInteger(Math.min(unread, 99), language)}{unread > 99 ? '+' : ''}</span>
              <span className={visuallyHidden}>{t('chat.conversations.unread', { count: unread })}</span>
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

export function ConversationsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const now = useNow();
  const { data, status, retry } = useData({ kind: 'conversations' });
  useConversationsPresence(user?.id ?? null, user?.shop != null);
  useDocumentTitle(t('chat.conversations.title'));

  let body;
  if (status === 'error') body = <ErrorState title={t('chat.conversations.loadError')} onRetry={retry} />;
  else if (data === undefined || user === null) {
    body = (
      <div aria-busy="true" aria-label={t('chat.conversations.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} style={{ blockSize: '64px', marginBlockEnd: '8px' }} />
        ))}
      </div>
    );
  } else if (data.length === 0) {
    body = (
      <EmptyState title={t('chat.conversations.emptyTitle')}>
        <p data-testid="conversations-empty">{t('chat.conversations.emptyText')}</p>
        <Link href={shopsPath()} className={button({ tone: 'primary' })}>
          {t('chat.conversations.browseShops')}
        </Link>
      </EmptyState>
    );
  } else {
    const me: ChatUser = { id: user.id, shop: user.shop };
    body = (
      <ul className={styles.list} aria-label={t('chat.conversations.listLabel')}>
        {data.map((c) => (
          <ConversationRow key={c.id} conversation={c} user={me} now={now} />
        ))}
      </ul>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="conversations-title" data-testid="conversations-page">
      <h1 id="conversations-title" className={styles.title}>
        {t('chat.conversations.title')}
      </h1>
      <p className={styles.intro}>{t('chat.conversations.intro')}</p>
      {body}
    </section>
  );
}
