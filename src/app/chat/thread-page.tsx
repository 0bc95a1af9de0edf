/**
 * /community/messages/:senderId (?as=shop): one conversation (docs/COMMUNITY.md "Messages", "Real-time chat").
 * The route's id is resolved against the local conversations (thread-target.ts): the buyer's thread with a shop
 * (possibly empty: the first message creates the conversation) or the seller's with a buyer. While open, the
 * page joins the conversation's room (`conv:<id>`), marks it read, shows the other side's presence and typing,
 * the messages live from the local database, and the composer.
 * Test hooks: section[data-testid="thread-page"][data-sender-id][data-side][data-conversation-id],
 * "thread-not-found", "thread-own-shop".
 */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { conversationRoom } from '../../domain/community';
import type { User } from '../../domain/account';
import { useSession } from '../auth/use-session';
import { useData } from '../data/use-data';
import { shopName } from '../i18n/localized';
import { useLanguage } from '../i18n/use-language';
import { ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { useDocumentTitle } from '../ui/use-document-title';
import { useOnline } from '../ui/use-online';
import { useChat, useChatStatus } from './chat-hooks';
import { isolate } from './chat-format';
import { Composer } from './composer';
import { ConnectionLine } from './connection-line';
import { MessageList } from './message-list';
import { PresenceLine } from './presence-line';
import { resolveThread, type ThreadRef } from './thread-target';
import * as styles from './thread.css';
import { TypingIndicator } from './typing-indicator';
import { useThreadRemote } from './use-thread-remote';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link href={ROUTES.conversations} className={styles.back}>
      {t('chat.thread.back')}
    </Link>
  );
}

function Frame({ senderId, title, children }: { senderId: string; title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className={styles.page} aria-labelledby="thread-title" data-testid="thread-page" data-sender-id={senderId}>
      <header className={styles.head}>
        <BackLink />
        <h1 id="thread-title" className={styles.title}>
          {title}
        </h1>
      </header>
      {children}
    </section>
  );
}

function NotFound({ senderId }: { senderId: string }) {
  const { t } = useTranslation();
  return (
    <Frame senderId={senderId} title={t('chat.thread.titleFallback')}>
      <EmptyState title={t('chat.thread.notFound')}>
        <p data-testid="thread-not-found">{t('chat.thread.notFoundText')}</p>
        <Link href={ROUTES.conversations} className={button({ tone: 'primary' })}>
          {t('chat.thread.back')}
        </Link>
      </EmptyState>
    </Frame>
  );
}

function Thread({ senderId, target }: { senderId: string; target: ThreadRef }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const chat = useChat();
  const online = useOnline();
  const status = useChatStatus();
  const remote = useThreadRemote(target, online, status);
  const { data: shop } = useData(target.side === 'buyer' ? { kind: 'shop', slugOrId: String(target.shopId) } : null);
  const conversationId = target.conversation?.conversation_id ?? null;
  const roomId = conversationId === null ? null : conversationRoom(conversationId);
  useEffect(() => (roomId === null ? undefined : chat.join(roomId)), [chat, roomId]);

  const name = [target.conversation?.name, remote.otherName, shop ? shopName(shop, language) : null].find((n) => n != null && n !== '') ?? t('chat.thread.titleFallback');
  useDocumentTitle(isolate(name));
  if (remote.missing && target.conversation === null && shop === null) return <NotFound senderId={senderId} />;

  return (
    <section
      className={styles.page}
      aria-labelledby="thread-title"
      data-testid="thread-page"
      data-sender-id={senderId}
      data-side={target.side}
      data-conversation-id={conversationId ?? ''}
    >
      <header className={styles.head}>
        <BackLink />
        <h1 id="thread-title" className={styles.title}>
          <bdi>{name}</bdi>
        </h1>
        <PresenceLine target={target} />
      </header>
      <ConnectionLine />
      <MessageList target={target} otherName={name} />
      <TypingIndicator roomId={roomId} name={name} />
      <Composer target={target} roomId={roomId} />
    </section>
  );
}

function ResolvedThread({ senderId, asShop, user }: { senderId: string; asShop: boolean; user: User }) {
  const { t } = useTranslation();
  const { data: conversations, status, retry } = useData({ kind: 'conversations' });
  if (status === 'error') {
    return (
      <Frame senderId={senderId} title={t('chat.thread.titleFallback')}>
        <ErrorState title={t('chat.thread.loadError')} onRetry={retry} />
      </Frame>
    );
  }
  if (conversations === undefined) {
    return (
      <Frame senderId={senderId} title={t('chat.thread.titleFallback')}>
        <Skeleton style={{ blockSize: '20rem', borderRadius: '16px' }} />
      </Frame>
    );
  }
  const target = resolveThread(senderId, asShop, { id: user.id, shop: user.shop }, conversations);
  if (target.kind === 'invalid') return <NotFound senderId={senderId} />;
  if (target.kind === 'own-shop') {
    return (
      <Frame senderId={senderId} title={t('chat.thread.titleFallback')}>
        <EmptyState title={t('chat.thread.ownShop')}>
          <p data-testid="thread-own-shop">{t('chat.thread.ownShopText')}</p>
        </EmptyState>
      </Frame>
    );
  }
  return <Thread senderId={senderId} target={target} />;
}

export function ThreadPage({ senderId, asShop }: { senderId: string; asShop: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  // A protected route: the user is there, unless the session just ended.
  if (user === null) {
    return (
      <Frame senderId={senderId} title={t('chat.thread.titleFallback')}>
        <Skeleton style={{ blockSize: '20rem', borderRadius: '16px' }} />
      </Frame>
    );
  }
  return <ResolvedThread senderId={senderId} asShop={asShop} user={user} />;
}
