/** The response status machine: pending → accepted | rejected, only by the post's owner; answered is final. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { RESPONSE_STATUSES } from '../../src/domain/community';
import { nextPostStatus } from '../../src/machines/post-status';
import { nextResponseStatus, RESPONSE_EVENT_TO, responseStatusMachine } from '../../src/machines/response-status';

const OWNER = 3;
const SELLER = 4;

describe('response status machine', () => {
  it('starts pending', () => {
    const actor = createActor(responseStatusMachine, { input: { postOwnerId: OWNER } }).start();
    expect(actor.getSnapshot().value).toBe('pending');
    actor.stop();
  });

  it('the post owner accepts or rejects a pending response', () => {
    expect(nextResponseStatus('pending', OWNER, { type: 'ACCEPT', actorId: OWNER })).toBe('accepted');
    expect(nextResponseStatus('pending', OWNER, { type: 'REJECT', actorId: OWNER })).toBe('rejected');
    expect(nextResponseStatus('pending', OWNER, { type: RESPONSE_EVENT_TO.accepted, actorId: OWNER })).toBe('accepted');
    expect(nextResponseStatus('pending', OWNER, { type: RESPONSE_EVENT_TO.rejected, actorId: OWNER })).toBe('rejected');
  });

  it('only the post owner: the responding seller or anyone else cannot answer', () => {
    for (const actorId of [SELLER, 999]) {
      expect(nextResponseStatus('pending', OWNER, { type: 'ACCEPT', actorId })).toBeNull();
      expect(nextResponseStatus('pending', OWNER, { type: 'REJECT', actorId })).toBeNull();
    }
    const actor = createActor(responseStatusMachine, { input: { postOwnerId: OWNER } }).start();
    actor.send({ type: 'ACCEPT', actorId: SELLER });
    expect(actor.getSnapshot().value).toBe('pending');
    actor.send({ type: 'ACCEPT', actorId: OWNER });
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(actor.getSnapshot().status).toBe('done');
    actor.stop();
  });

  it.each(RESPONSE_STATUSES.filter((s) => s !== 'pending'))('%s is final: illegal moves are refused', (from) => {
    expect(nextResponseStatus(from, OWNER, { type: 'ACCEPT', actorId: OWNER })).toBeNull();
    expect(nextResponseStatus(from, OWNER, { type: 'REJECT', actorId: OWNER })).toBeNull();
  });

  it('accepting moves an open post to in_progress (the server does both in one transaction)', () => {
    expect(nextResponseStatus('pending', OWNER, { type: 'ACCEPT', actorId: OWNER })).toBe('accepted');
    expect(nextPostStatus('open', OWNER, { type: 'RESPONSE_ACCEPTED', actorId: OWNER })).toBe('in_progress');
    // A post no longer open takes no accepted response.
    expect(nextPostStatus('in_progress', OWNER, { type: 'RESPONSE_ACCEPTED', actorId: OWNER })).toBeNull();
    expect(nextPostStatus('closed', OWNER, { type: 'RESPONSE_ACCEPTED', actorId: OWNER })).toBeNull();
  });
});
