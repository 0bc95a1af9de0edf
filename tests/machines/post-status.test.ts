/** The community post status machine: open → in_progress → closed, open → closed, only by the post's owner. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { POST_STATUSES, type PostStatus } from '../../src/domain/community';
import { nextPostStatus, postStatusMachine, type PostStatusEventType } from '../../src/machines/post-status';

const OWNER = 7;
const OTHER = 8;
const EVENTS: PostStatusEventType[] = ['RESPONSE_ACCEPTED', 'CLOSE'];

/** Every legal move (from, event) → to, as the contract states it. */
const LEGAL: Record<PostStatus, Partial<Record<PostStatusEventType, PostStatus>>> = {
  open: { RESPONSE_ACCEPTED: 'in_progress', CLOSE: 'closed' },
  in_progress: { CLOSE: 'closed' },
  closed: {},
};

describe('post status machine', () => {
  it('starts open with its owner in the context', () => {
    const actor = createActor(postStatusMachine, { input: { ownerId: OWNER } }).start();
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.ownerId).toBe(OWNER);
    actor.send({ type: 'RESPONSE_ACCEPTED', actorId: OWNER });
    expect(actor.getSnapshot().value).toBe('in_progress');
    actor.send({ type: 'CLOSE', actorId: OWNER });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().status).toBe('done');
    actor.stop();
  });

  it.each(POST_STATUSES)('from %s: exactly the legal moves, for the owner', (from) => {
    for (const type of EVENTS) {
      expect(nextPostStatus(from, OWNER, { type, actorId: OWNER }), `${from} ${type}`).toBe(LEGAL[from][type] ?? null);
    }
  });

  it.each(POST_STATUSES)('from %s: nothing moves for anyone but the owner', (from) => {
    for (const type of EVENTS) expect(nextPostStatus(from, OWNER, { type, actorId: OTHER }), `${from} ${type}`).toBeNull();
  });

  it('a running actor ignores a stranger closing the post', () => {
    const actor = createActor(postStatusMachine, { input: { ownerId: OWNER } }).start();
    actor.send({ type: 'CLOSE', actorId: OTHER });
    expect(actor.getSnapshot().value).toBe('open');
    actor.stop();
  });

  it('closed is final: nothing reopens it', () => {
    expect(nextPostStatus('closed', OWNER, { type: 'RESPONSE_ACCEPTED', actorId: OWNER })).toBeNull();
    expect(nextPostStatus('closed', OWNER, { type: 'CLOSE', actorId: OWNER })).toBeNull();
  });
});
