/**
 * The status of a response to a community post (docs/COMMUNITY.md,
 * "Statuses") as an XState machine: pending → accepted | rejected, both
 * final, and only by the post's owner (named guard `isPostOwner`). Accepting
 * also moves the post to in_progress (post-status.ts), in the same
 * transaction on the server. The server checks every answer with
 * `nextResponseStatus`, a pure step of this machine.
 */
import { setup, transition } from 'xstate';
import { RESPONSE_STATUSES, type ResponseStatus } from '../domain/community';

export type ResponseStatusEvent = { type: 'ACCEPT'; actorId: number } | { type: 'REJECT'; actorId: number };
export type ResponseStatusEventType = ResponseStatusEvent['type'];

export interface ResponseStatusContext {
  /** The owner of the post the response answers. */
  postOwnerId: number;
}

/** The event that answers a response with each status. */
export const RESPONSE_EVENT_TO: Readonly<Record<Exclude<ResponseStatus, 'pending'>, ResponseStatusEventType>> = {
  accepted: 'ACCEPT',
  rejected: 'REJECT',
};

export const responseStatusMachine = setup({
  types: {
    context: {} as ResponseStatusContext,
    events: {} as ResponseStatusEvent,
    input: {} as ResponseStatusContext,
  },
  guards: {
    isPostOwner: ({ context, event }) => event.actorId === context.postOwnerId,
  },
}).createMachine({
  id: 'responseStatus',
  initial: 'pending',
  context: ({ input }) => ({ postOwnerId: input.postOwnerId }),
  states: {
    pending: {
      on: {
        ACCEPT: { target: 'accepted', guard: 'isPostOwner' },
        REJECT: { target: 'rejected', guard: 'isPostOwner' },
      },
    },
    accepted: { type: 'final' },
    rejected: { type: 'final' },
  },
});

export function isResponseStatus(value: string): value is ResponseStatus {
  return (RESPONSE_STATUSES as readonly string[]).includes(value);
}

/** The status a response in `from` (to a post of `postOwnerId`) reaches on `event`, or null when refused. */
export function nextResponseStatus(from: ResponseStatus, postOwnerId: number, event: ResponseStatusEvent): ResponseStatus | null {
  const at = responseStatusMachine.resolveState({ value: from, context: { postOwnerId } });
  if (!at.can(event)) return null;
  const [next] = transition(responseStatusMachine, at, event);
  const value = String(next.value);
  return isResponseStatus(value) && value !== from ? value : null;
}
