/**
 * What an open thread asks the server besides the local mirror (docs/COMMUNITY.md "Messages"):
 *
 * - the conversation's first page through the messages API (GET …/buyer/messages/shops/{shopId} or
 *   …/seller/messages/users/{userId}) when online and the page is visible: the server marks the messages read,
 *   and its otherUser gives the other side's name and presence (seeded in the ChatStore; frames update it
 *   afterwards). Asked again when the socket (re)connects, when the network returns, when the page becomes
 *   visible, and (at most every READ_AGAIN_MS) when messages arrive unread while the thread is open and visible,
 *   so the server's read marks follow what the user saw;
 * - the local read mark (markConversationRead) when the thread opens, whenever unread ones arrive, and when the
 *   page becomes visible; never while it is hidden (thread-read-marker.ts).
 *
 * The messages themselves are not taken from the answer: the pull and the socket bring them to the local database.
 */
import { useEffect, useMemo, useState } from 'react';
import { ApiFailure } from '../auth/api-client';
import { ABORTED_ERROR_CODE, messagesApi } from '../community/messages-api';
import { useDataClient } from '../data/data-context';
import { useChat } from './chat-hooks';
import type { ChatStatus } from './chat-store';
import type { ThreadRef } from './thread-target';
import { ThreadReadMarker } from './thread-read-marker';
import { usePageVisible } from './use-page-visible';

export interface ThreadRemote {
  /** The other side's name from the server, once known. */
  otherName: string | null;
  /** The server says there is no such shop (a buyer's thread without a conversation). */
  missing: boolean;
}

export function useThreadRemote(target: ThreadRef, online: boolean, status: ChatStatus): ThreadRemote {
  const client = useDataClient();
  const { store } = useChat();
  const [otherName, setOtherName] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [readAgain, setReadAgain] = useState(0);
  const visible = usePageVisible();
  const marker = useMemo(
    () =>
      new ThreadReadMarker({
        markLocal: (id) => {
          client.markConversationRead(id).catch((error: unknown) => console.error('chat: marking the conversation read failed', error));
        },
        askServer: () => setReadAgain((n) => n + 1),
      }),
    [client],
  );
  const { side, shopId, userId } = target;
  const conversationId = target.conversation?.conversation_id ?? null;
  const unread = (target.conversation?.unread_count ?? 0) > 0;
  const connected = status === 'connected';

  useEffect(() => marker.update({ conversationId, unread, visible }), [marker, conversationId, unread, visible]);
  useEffect(() => () => marker.dispose(), [marker]);

  useEffect(() => {
    // The seller's side of a conversation that does not exist yet: nothing to ask (404). Hidden: the answer
    // would mark as read what nobody sees; asked when the page becomes visible.
    if (!online || !visible || (side === 'shop' && conversationId === null)) return;
    const controller = new AbortController();
    const askedAt = Date.now();
    marker.asked(askedAt);
    const request =
      side === 'buyer'
        ? messagesApi.messages(shopId, {}, { signal: controller.signal })
        : messagesApi.sellerMessages(userId, {}, { signal: controller.signal });
    request.then(
      (answer) => {
        store.seedPresence(side === 'buyer' ? { shopId } : { userId }, answer.otherUser, askedAt);
        if (answer.otherUser.name !== '') setOtherName(answer.otherUser.name);
        setMissing(false);
      },
      (error: unknown) => {
        if (error instanceof ApiFailure && error.code === ABORTED_ERROR_CODE) return;
        if (error instanceof ApiFailure && error.status === 404 && side === 'buyer' && conversationId === null) setMissing(true);
        else console.warn('chat: the messages page could not be fetched', error);
      },
    );
    return () => controller.abort();
  }, [store, marker, side, shopId, userId, conversationId, online, visible, connected, readAgain]);

  return { otherName, missing };
}
