/**
 * Who of the conversations list is online (docs/COMMUNITY.md "Screens"): when online, the list asks the server's
 * conversations (GET /api/v1/buyer/messages/shops, and for a seller GET /api/v1/seller/messages/conversations),
 * whose rows carry the other side's `online` and `last_seen`, and seeds them in the ChatStore (by shop on the
 * buyer's side, by buyer on the seller's: presenceKeyOf); presence frames update them afterwards. Asked again when
 * the socket (re)connects or the network returns. The conversations themselves come from the local mirror.
 */
import { useEffect } from 'react';
import { ApiFailure } from '../auth/api-client';
import { ABORTED_ERROR_CODE, messagesApi, type ConversationsAnswer } from '../community/messages-api';
import { useOnline } from '../ui/use-online';
import { useChat, useChatStatus } from './chat-hooks';
import { presenceKeyOf } from './thread-target';

export function useConversationsPresence(userId: number | null, hasShop: boolean): void {
  const { store } = useChat();
  const online = useOnline();
  const connected = useChatStatus() === 'connected';

  useEffect(() => {
    if (!online || userId === null) return;
    const controller = new AbortController();
    const askedAt = Date.now();
    const seed = (answer: ConversationsAnswer) => {
      for (const c of answer.conversations) {
        if (typeof c.online !== 'boolean') continue;
        store.seedPresence(presenceKeyOf(c, { id: userId }), { online: c.online, last_seen: c.last_seen ?? null }, askedAt);
      }
    };
    const failed = (error: unknown) => {
      if (!(error instanceof ApiFailure && error.code === ABORTED_ERROR_CODE)) console.warn('chat: the conversations’ presence could not be fetched', error);
    };
    messagesApi.conversations({ signal: controller.signal }).then(seed, failed);
    if (hasShop) messagesApi.sellerConversations({ signal: controller.signal }).then(seed, failed);
    return () => controller.abort();
  }, [store, online, userId, hasShop, connected]);
}
