/**
 * The notifications the server sends (docs/COMMUNITY.md "Push"), built in one
 * place so every sender and test sees the same shape.
 */
import { messagePushUrl } from '../../domain/community';
import type { PushNotification } from './push-sender';

export const MESSAGE_BODY_MAX = 120;

/** Cuts a text to `max` characters on whitespace, with an ellipsis when cut. */
export function preview(text: string, max = MESSAGE_BODY_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * A new message, to the other participant: opens the conversation with its sender, on the shop's side
 * (`?as=shop`) when a buyer wrote (messagePushUrl).
 */
export function messageNotification(m: { senderName: string; senderId: number; sentBy: 'buyer' | 'shop'; content: string }): PushNotification {
  return {
    title: m.senderName,
    body: preview(m.content),
    data: { sender_id: String(m.senderId), url: messagePushUrl(m.senderId, m.sentBy) },
  };
}
