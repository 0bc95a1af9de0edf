/**
 * The status of a community post (docs/COMMUNITY.md, "Statuses") as an XState
 * machine. Only the post's owner moves it (named guard `isPostOwner`):
 *
 *   open ──RESPONSE_ACCEPTED──▶ in_progress ──CLOSE──▶ closed (final)
 *     └──────────────────────CLOSE─────────────────────▲
 *
 * RESPONSE_ACCEPTED is sent when the owner accepts a response (the server
 * moves the post in the same transaction as the response). The server checks
 * every move with `nextPostStatus`, a pure step of this machine.
 */
import { setup, transition } from 'xstate';
import { POST_STATUSES, type PostStatus } from '../domain/community';

/** Every event names who is acting (a user id). */
export type PostStatusEvent = { type: 'RESPONSE_ACCEPTED'; actorId: number } | { type: 'CLOSE'; actorId: number };
export type PostStatusEventType = PostStatusEvent['type'];

export interface PostStatusContext {
  /** The user who posted the request. */
  ownerId: number;
}

export const postStatusMachine = setup({
  types: {
    context: {} as PostStatusContext,
    events: {} as PostStatusEvent,
    input: {} as PostStatusContext,
  },
  guards: {
    isPostOwner: ({ context, event }) => event.actorId === context.ownerId,
  },
}).createMachine({
  id: 'postStatus',
  initial: 'open',
  context: ({ input }) => ({ ownerId: input.ownerId }),
  states: {
    open: {
      on: {
        RESPONSE_ACCEPTED: { target: 'in_progress', guard: 'isPostOwner' },
        CLOSE: { target: 'closed', guard: 'isPostOwner' },
      },
    },
    in_progress: { on: { CLOSE: { target: 'closed', guard: 'isPostOwner' } } },
    closed: { type: 'final' },
  },
});

export function isPostStatus(value: string): value is PostStatus {
  return (POST_STATUSES as readonly string[]).includes(value);
}

/** The status a post of `ownerId` in `from` reaches on `event`, or null when the machine refuses the move. */
export function nextPostStatus(from: PostStatus, ownerId: number, event: PostStatusEvent): PostStatus | null {
  const at = postStatusMachine.resolveState({ value: from, context: { ownerId } });
  if (!at.can(event)) return null;
  const [next] = transition(postStatusMachine, at, event);
  const value = String(next.value);
  return isPostStatus(value) && value !== from ? value : null;
}
