/**
 * The service worker's half of the logout wipe: on CLEAR_PERSONAL_QUEUE it
 * empties every write queue it owns (drainQueues over workbox Queue-like
 * objects) and answers with the names; a failing queue does not stop the rest.
 */
import { describe, expect, it } from 'vitest';
import {
  CLEAR_PERSONAL_QUEUE,
  drainQueues,
  isClearPersonalQueueMessage,
  isPersonalQueueCleared,
  PERSONAL_QUEUE_CLEARED,
} from '../../src/workers/sw-messages';

function fakeQueue(name: string, requests: string[], failAt = -1) {
  let taken = 0;
  return {
    name,
    remaining: () => requests.length,
    shiftRequest: async () => {
      if (taken === failAt) throw new Error('IndexedDB went away');
      taken += 1;
      return requests.length > 0 ? { request: requests.shift() } : undefined;
    },
  };
}

describe('service worker write queues at logout', () => {
  it('empties every queue and names them', async () => {
    const cart = fakeQueue('cart-writes', ['a', 'b', 'c']);
    const messages = fakeQueue('message-writes', ['m']);
    const empty = fakeQueue('wishlist-writes', []);
    await expect(drainQueues([cart, messages, empty])).resolves.toEqual({
      cleared: ['cart-writes', 'message-writes', 'wishlist-writes'],
      failed: [],
    });
    expect(cart.remaining() + messages.remaining()).toBe(0);
  });

  it('goes on past a queue that fails', async () => {
    const broken = fakeQueue('broken', ['x', 'y'], 1);
    const fine = fakeQueue('fine', ['z']);
    await expect(drainQueues([broken, fine])).resolves.toEqual({ cleared: ['fine'], failed: ['broken'] });
    expect(fine.remaining()).toBe(0);
  });

  it('with no queue yet (before issue 5) answers with none', async () => {
    await expect(drainQueues([])).resolves.toEqual({ cleared: [], failed: [] });
  });

  it('recognises the messages both ways', () => {
    expect(isClearPersonalQueueMessage({ type: CLEAR_PERSONAL_QUEUE })).toBe(true);
    expect(isClearPersonalQueueMessage({ type: 'SKIP_WAITING' })).toBe(false);
    expect(isClearPersonalQueueMessage(null)).toBe(false);
    expect(isPersonalQueueCleared({ type: PERSONAL_QUEUE_CLEARED, queues: [] })).toBe(true);
    expect(isPersonalQueueCleared({ type: PERSONAL_QUEUE_CLEARED })).toBe(false);
  });
});
