/**
 * What an open thread asks the server besides the local mirror (docs/COMMUNITY.md "Messages"):
 *
 * - the conversation's first page through the messages API (GET …/buyer/messages/shops/{shopId} or
 *   …/seller/messages/users/{userId}) when online: the server marks the messages read, and its otherUser gives
 *   the other side's name and presence (seeded in the ChatStore; frames update it afterwards). Asked again when
 *   the socket (re)connects, when the network returns, and (at most every READ_AGAIN_MS) when messages arrive
 *   unread while the thread is open, so the server's read marks follow what the user saw;
 * - the local read mark (markConversationRead) at once when the thread opens and whenever unread ones arrive.
 *
 * The messages themselves are not taken from the answer: the pull and the socket bring them to the local database.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiFailure } from '../auth/api-client';
import { ABORTED_ERROR_CODE, messagesApi } from '../community/messages-api';
import { useDataClient } from '../data/data-context';
import { useChat } from './chat-context';
import type { ChatStatus } from './chat-store';
import type { ThreadRef } from './thread-target';

/** Unread messages arriving while the thread is open are marked read on the server at most this often. */
export const READ_AGAIN_MS = 3_000;

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
  const lastAsked = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { side, shopId, userId } = target;
  const conversationId = target.conversation?.conversation_id ?? null;
  const unread = (target.conversation?.unread_count ?? 0) > 0;
  const connected = status === 'connected';

  // The local read mark: on open, and whenever unread messages come in while open (the local mark clears
  // `unread` at once, so the server's mark is scheduled apart and survives that).
  useEffect(() => {
    if (conversationId === null) return;
    client.markConversationRead(conversationId).catch((error: unknown) => console.error('chat: marking the conversation read failed', error));
    if (!unread || pending.current !== null) return;
    const noticedAt = Date.now();
    pending.current = setTimeout(
      () => {
        pending.current = null;
        // A request made since they were noticed has marked them already.
        if (lastAsked.current < noticedAt) setReadAgain((n) => n + 1);
      },
      Math.max(0, lastAsked.current + READ_AGAIN_MS - noticedAt),
    );
  }, [client, conversationId, unread]);
  useEffect(() => {
    const timers = pending;
    return () => {
      if (timers.current !== null) clearTimeout(timers.current);
      timers.current = null;
    };
  }, []);

  useEffect(() => {
    // The seller's side of a conversation that does not exist yet: nothing to ask (404).
    if (!online || (side === 'shop' && conversationId === null)) return;
    const controller = new AbortController();
    const askedAt = Date.now();
    lastAsked.current = askedAt;
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
  }, [store, side, shopId, userId, conversationId, online, connected, readAgain]);

  return { otherName, missing };
}
