import { describe, expect, it } from 'vitest';
import { visibleEntries } from '../../src/app/sync-centre/visible-entries';
import type { OutboxEntry } from '../../src/workers/data-api';

const entry = (id: string, auth: OutboxEntry['auth']): OutboxEntry => ({
  id,
  method: 'POST',
  path: '/api/orders',
  body: '{"shipping_info":{"phone":"+212600000000"}}',
  createdAt: 1,
  attempts: 0,
  lastError: null,
  state: 'pending',
  failure: null,
  kind: auth === 'guest' ? 'cart_add' : 'order_place',
  target: id,
  undo: null,
  auth,
  doneAt: null,
});

describe('the sync centre while signed out', () => {
  it('shows only the guest\'s entries and counts the held ones of the ended session', () => {
    const all = [entry('a', 'user'), entry('b', 'guest'), entry('c', 'user')];
    expect(visibleEntries(all, false)).toEqual({ shown: [all[1]], hidden: 2 });
  });

  it('shows everything to the signed-in account', () => {
    const all = [entry('a', 'user'), entry('b', 'guest')];
    expect(visibleEntries(all, true)).toEqual({ shown: all, hidden: 0 });
  });
});
