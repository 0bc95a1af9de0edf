import { describe, expect, it } from 'vitest';
import { createFailureWatch } from '../../src/app/sync-centre/failure-watch';
import type { OutboxEntry } from '../../src/workers/data-api';

const entry = (id: string, state: OutboxEntry['state']): OutboxEntry => ({
  id,
  method: 'DELETE',
  path: '/api/cart/items/3',
  body: null,
  createdAt: 1,
  attempts: 1,
  lastError: null,
  state,
  failure: state === 'failed' ? { status: 404, code: 'CART_ITEM_NOT_FOUND', message: 'Cart item not found' } : null,
  kind: 'cart_remove',
  target: '3',
  undo: null,
  auth: 'guest',
  doneAt: null,
});

describe('refusals told as they happen', () => {
  it('not those already there at start, each new one once', () => {
    const watch = createFailureWatch();
    expect(watch.next([entry('old', 'failed'), entry('a', 'pending')])).toEqual([]);
    expect(watch.next([entry('old', 'failed'), entry('a', 'failed')]).map((e) => e.id)).toEqual(['a']);
    expect(watch.next([entry('old', 'failed'), entry('a', 'failed')])).toEqual([]);
    // Dismissed, then a retry refused again under a new key.
    expect(watch.next([entry('b', 'failed')]).map((e) => e.id)).toEqual(['b']);
  });
});
