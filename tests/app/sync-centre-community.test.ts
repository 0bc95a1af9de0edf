/**
 * The sync centre on the community writes (docs/COMMUNITY.md): what a response, a close and a seller's message
 * act on, and why the server refused one, in the user's language (every key in all six catalogues).
 */
import { describe, expect, it } from 'vitest';
import { serverRefusalMessage } from '../../src/app/cart/server-refusal';
import { entrySubject } from '../../src/app/sync-centre/describe-entry';
import { LANGUAGES } from '../../src/app/i18n/languages';
import type { OutboxEntry, OutboxKind } from '../../src/workers/data-api';

function entry(kind: OutboxKind, path: string, body: unknown, target: string): OutboxEntry {
  return {
    id: 'e1',
    method: 'POST',
    path,
    body: JSON.stringify(body),
    createdAt: 1,
    attempts: 0,
    lastError: null,
    state: 'failed',
    failure: null,
    kind,
    target,
    undo: null,
    auth: 'user',
    doneAt: null,
  };
}

const failure = (code: string, status = 422) => ({ code, message: '', status });

describe('community entries in the sync centre', () => {
  it('a response and a close name their post; a seller\'s message its buyer, a buyer\'s the shop', () => {
    const respond = entry('response_create', '/api/v1/seller/community/posts/41/respond', { message: 'x', client_ref: 'r-1' }, 'r-1');
    expect(entrySubject(respond)).toMatchObject({ postId: '41', shopId: null, buyerId: null });
    const close = entry('post_close', '/api/v1/community/posts/42', { status: 'closed' }, 'p-abc');
    expect(entrySubject(close).postId).toBe('42');
    const toBuyer = entry('message_send', '/api/v1/seller/messages', { user_id: 7, content: 'x' }, 'm-1');
    expect(entrySubject(toBuyer)).toMatchObject({ buyerId: 7, shopId: null });
    const toShop = entry('message_send', '/api/messages', { shop_id: 3, content: 'x' }, 'm-2');
    expect(entrySubject(toShop)).toMatchObject({ buyerId: null, shopId: '3' });
  });

  it('refusals: the server\'s community codes, else the spec text of the kind of write', () => {
    expect(serverRefusalMessage('response_create', failure('SELLER_NOT_VERIFIED', 403)).key).toBe('sellerNotVerified');
    expect(serverRefusalMessage('response_create', failure('RESPONSE_EXISTS')).key).toBe('responseExists');
    expect(serverRefusalMessage('response_create', failure('RESPONSE_OWN_POST')).key).toBe('responseOwnPost');
    expect(serverRefusalMessage('response_create', failure('POST_NOT_OPEN')).key).toBe('postNotOpen');
    expect(serverRefusalMessage('post_close', failure('POST_ALREADY_CLOSED')).key).toBe('postAlreadyClosed');
    expect(serverRefusalMessage('post_close', failure('FORBIDDEN', 403)).key).toBe('forbidden');
    expect(serverRefusalMessage('message_send', failure('CONVERSATION_NOT_FOUND', 404)).key).toBe('conversationNotFound');
    expect(serverRefusalMessage('response_create', failure('SOMETHING_NEW')).key).toBe('responseFailed');
    expect(serverRefusalMessage('post_close', null).key).toBe('closeRequestFailed');
    expect(serverRefusalMessage('message_send', failure('SOMETHING_NEW')).key).toBe('messageFailed');
    expect(serverRefusalMessage('response_answer', failure('SOMETHING_NEW')).key).toBe('answerFailed');
    expect(serverRefusalMessage('post_create', failure('SOMETHING_NEW')).key).toBe('postFailed');
  });

  it('every new text is in all six catalogues', async () => {
    for (const language of LANGUAGES) {
      const catalogue = (await import(`../../src/app/i18n/locales/${language}/commerce.json`)) as {
        default: { messages: Record<string, string>; sync: Record<string, unknown> & { kinds: Record<string, string> } };
      };
      const { messages, sync } = catalogue.default;
      for (const key of ['responseFailed', 'closeRequestFailed', 'sellerNotVerified', 'responseExists', 'postAlreadyClosed', 'forbidden']) {
        expect(messages[key], `${language} messages.${key}`).toBeTruthy();
      }
      expect(sync.kinds.response_create, language).toContain('{{name}}');
      expect(sync.kinds.post_close, language).toContain('{{name}}');
      expect(sync.request, language).toContain('{{id}}');
      expect(sync.customer, language).toContain('{{id}}');
    }
  });
});
