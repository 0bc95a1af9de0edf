/**
 * Which conversation /community/messages/{senderId}(?as=shop) means (src/app/chat/thread-target.ts): the buyer's
 * thread with a shop (also before it exists), the seller's with a buyer (with ?as=shop only, never guessed from
 * what is stored), refusals of junk ids and of a seller's own shop; where each conversation opens.
 */
import { describe, expect, it } from 'vitest';
import { conversationPath, conversationSide, isOwnMessage, parseSenderId, presenceKeyOf, resolveThread, type ChatUser } from '../../src/app/chat/thread-target';
import type { Conversation } from '../../src/domain/community-schemas';

function conv(id: number, userId: number, shopId: number, name = `c${id}`): Conversation {
  return {
    id: String(id),
    conversation_id: id,
    user_id: userId,
    shop_id: shopId,
    name,
    avatar: '',
    last_message: null,
    last_message_at: null,
    unread_count: 0,
    updatedAt: id,
  };
}

const buyer: ChatUser = { id: 7, shop: null };
/** A seller (user 50) of shop 3, who also wrote to shop 9 as a buyer. */
const seller: ChatUser = { id: 50, shop: { id: 3 } };

describe('parseSenderId', () => {
  it('takes canonical positive int4 ids only', () => {
    expect(parseSenderId('42')).toBe(42);
    expect(parseSenderId('2147483647')).toBe(2147483647);
    for (const junk of ['', '0', '042', '-3', '4.2', '1e3', ' 4', 'abc', '2147483648', '99999999999']) expect(parseSenderId(junk)).toBeNull();
  });
});

describe('resolveThread', () => {
  it('a buyer: their conversation with the shop, or an empty thread with a shop they never wrote to', () => {
    const mine = conv(1, 7, 12);
    expect(resolveThread('12', false, buyer, [mine, conv(2, 8, 12)])).toEqual({ kind: 'thread', side: 'buyer', shopId: 12, userId: 7, conversation: mine });
    expect(resolveThread('13', false, buyer, [mine])).toEqual({ kind: 'thread', side: 'buyer', shopId: 13, userId: 7, conversation: null });
  });

  it('another buyer’s conversation with the shop is never taken', () => {
    expect(resolveThread('12', false, buyer, [conv(2, 8, 12)])).toMatchObject({ side: 'buyer', conversation: null });
  });

  it('a seller: ?as=shop is their shop’s thread with that buyer, existing or not', () => {
    const withBuyer = conv(4, 7, 3);
    expect(resolveThread('7', true, seller, [withBuyer])).toEqual({ kind: 'thread', side: 'shop', shopId: 3, userId: 7, conversation: withBuyer });
    expect(resolveThread('8', true, seller, [withBuyer])).toEqual({ kind: 'thread', side: 'shop', shopId: 3, userId: 8, conversation: null });
  });

  it('without ?as it is always the buyer side, even when the shop has a buyer with that number (no guessing)', () => {
    // Seller 50 of shop 3 buys from shop 9, and buyer #9 writes to shop 3: /community/messages/9 is shop 9.
    const withBuyer9 = conv(4, 9, 3);
    const withShop9 = conv(5, 50, 9);
    expect(resolveThread('9', false, seller, [withBuyer9, withShop9])).toEqual({ kind: 'thread', side: 'buyer', shopId: 9, userId: 50, conversation: withShop9 });
    expect(resolveThread('9', false, seller, [withBuyer9])).toEqual({ kind: 'thread', side: 'buyer', shopId: 9, userId: 50, conversation: null });
    expect(resolveThread('9', true, seller, [withBuyer9, withShop9])).toEqual({ kind: 'thread', side: 'shop', shopId: 3, userId: 9, conversation: withBuyer9 });
  });

  it('a seller’s own shop as a buyer is refused; ?as=shop without a shop, or naming oneself, is no thread', () => {
    expect(resolveThread('3', false, seller, [])).toEqual({ kind: 'own-shop', shopId: 3 });
    expect(resolveThread('7', true, buyer, [])).toEqual({ kind: 'invalid' });
    expect(resolveThread('50', true, seller, [])).toEqual({ kind: 'invalid' });
    expect(resolveThread('x', false, buyer, [])).toEqual({ kind: 'invalid' });
  });
});

describe('sides and links', () => {
  it('a conversation opens on its side: the shop’s id for the buyer, the buyer’s id and ?as=shop for the seller', () => {
    const asBuyer = conv(5, 50, 7);
    const withBuyer = conv(4, 7, 3);
    expect(conversationSide(asBuyer, seller)).toBe('buyer');
    expect(conversationSide(withBuyer, seller)).toBe('shop');
    expect(conversationPath(asBuyer, seller)).toBe('/community/messages/7');
    expect(conversationPath(withBuyer, seller)).toBe('/community/messages/7?as=shop');
    expect(conversationPath(conv(1, 7, 12), buyer)).toBe('/community/messages/12');
  });

  it('a conversation shows the other side’s presence: the shop’s on the buyer’s side, the buyer’s on the seller’s', () => {
    expect(presenceKeyOf(conv(5, 50, 9), seller)).toEqual({ shopId: 9 });
    expect(presenceKeyOf(conv(4, 9, 3), seller)).toEqual({ userId: 9 });
    expect(presenceKeyOf(conv(1, 7, 12), buyer)).toEqual({ shopId: 12 });
  });

  it('own messages are the side’s sender', () => {
    expect(isOwnMessage({ sender: 'buyer' }, 'buyer')).toBe(true);
    expect(isOwnMessage({ sender: 'shop' }, 'buyer')).toBe(false);
    expect(isOwnMessage({ sender: 'shop' }, 'shop')).toBe(true);
  });
});
