/**
 * The change notifier's pieces that need no database (src/server/changes): the NOTIFY payloads of the
 * PostgreSQL notifier (under 8000 bytes, in order, a change too large alone sent without its checkpoint id,
 * foreign or malformed payloads refused), the catch-up pokes, and the in-process notifier's delivery.
 */
import { describe, expect, it } from 'vitest';
import { catchUpChanges, createLocalChangeNotifier, type CollectionChange } from '../../src/server/changes/change-notifier';
import { packChanges, parseChangesPayload } from '../../src/server/changes/pg-change-notifier';
import { NOTIFY_MAX_BYTES } from '../../src/server/db/pg-listener';
import { PERSONAL_COLLECTIONS, POKE_ONLY_COLLECTIONS, REPLICATED_COLLECTIONS } from '../../src/sync/protocol';

const bytes = (s: string) => Buffer.byteLength(s);

function changesOf(n: number): CollectionChange[] {
  return Array.from({ length: n }, (_, i): CollectionChange => {
    const checkpoint = { updatedAt: 1_700_000_000_000 + i, id: `${i}-é-${'ب'.repeat(i % 7)}` };
    if (i % 3 === 0) return { collection: 'products', checkpoint };
    if (i % 3 === 1) return { collection: 'cart', userId: i, checkpoint };
    return { collection: 'community_posts', checkpoint, authenticated: true };
  });
}

describe('NOTIFY payloads of the PostgreSQL change notifier', () => {
  it('a few changes travel as one payload and come back as they were, with the sending instance', () => {
    const changes = changesOf(5);
    const payloads = packChanges('instance-a', changes);
    expect(payloads).toHaveLength(1);
    expect(parseChangesPayload(payloads[0] as string)).toEqual({ instance: 'instance-a', changes });
  });

  it('a catalogue change keeps its scope on the way; a scope this instance does not know reads as none', () => {
    const changes: CollectionChange[] = [
      { collection: 'products', checkpoint: { updatedAt: 1, id: '1' }, scope: 'stock' },
      { collection: 'shops', checkpoint: { updatedAt: 2, id: '2' }, scope: 'counters' },
      { collection: 'products', checkpoint: { updatedAt: 3, id: '3' } },
    ];
    expect(parseChangesPayload(packChanges('instance-a', changes)[0] as string)?.changes).toEqual(changes);
    const newer = JSON.stringify({ i: 'instance-b', c: [{ collection: 'products', checkpoint: { updatedAt: 4, id: '4' }, scope: 'colour' }] });
    expect(parseChangesPayload(newer)?.changes).toEqual([{ collection: 'products', checkpoint: { updatedAt: 4, id: '4' } }]);
  });

  it('many changes are split into payloads under the limit, none lost, in order', () => {
    const changes = changesOf(600);
    const payloads = packChanges('instance-a', changes);
    expect(payloads.length).toBeGreaterThan(5);
    for (const p of payloads) expect(bytes(p)).toBeLessThanOrEqual(NOTIFY_MAX_BYTES);
    expect(NOTIFY_MAX_BYTES).toBeLessThan(8000);
    expect(payloads.flatMap((p) => parseChangesPayload(p)?.changes ?? [])).toEqual(changes);
    // Payloads are filled: each but the last would have exceeded the limit with the next change.
    const fill = payloads.slice(0, -1).map((p) => bytes(p));
    expect(Math.min(...fill)).toBeGreaterThan(NOTIFY_MAX_BYTES - 200);
  });

  it('a change too large to travel alone goes without its checkpoint id, between the others', () => {
    const huge: CollectionChange = { collection: 'messages', userId: 7, checkpoint: { updatedAt: 5, id: 'x'.repeat(20_000) } };
    const [before, after] = changesOf(2) as [CollectionChange, CollectionChange];
    const payloads = packChanges('i', [before, huge, after]);
    for (const p of payloads) expect(bytes(p)).toBeLessThanOrEqual(NOTIFY_MAX_BYTES);
    expect(payloads.flatMap((p) => parseChangesPayload(p)?.changes ?? [])).toEqual([
      before,
      { collection: 'messages', userId: 7, checkpoint: { updatedAt: 5, id: '' } },
      after,
    ]);
  });

  it('an id just under the limit stays whole; a little longer and it is left out', () => {
    const at = (len: number) => packChanges('i', [{ collection: 'reviews', checkpoint: { updatedAt: 1, id: 'y'.repeat(len) } }])[0] as string;
    const empty = bytes(at(0));
    const fits = NOTIFY_MAX_BYTES - empty;
    expect(bytes(at(fits))).toBe(NOTIFY_MAX_BYTES);
    expect(parseChangesPayload(at(fits))?.changes[0]?.checkpoint.id).toHaveLength(fits);
    expect(parseChangesPayload(at(fits + 1))?.changes[0]?.checkpoint.id).toBe('');
  });

  it('refuses what is not a payload of ours, and leaves out changes whose shape the stream would misroute', () => {
    expect(parseChangesPayload('not json')).toBeNull();
    expect(parseChangesPayload('"a string"')).toBeNull();
    expect(parseChangesPayload('{"kind":"message"}')).toBeNull();
    const checkpoint = { updatedAt: 1, id: '1' };
    const payload = JSON.stringify({
      i: 'b',
      c: [
        { collection: 'products', checkpoint },
        { collection: 'products', checkpoint, userId: 3 },
        { collection: 'products', checkpoint, authenticated: true },
        { collection: 'follows', checkpoint },
        { collection: 'follows', checkpoint, userId: 3, authenticated: true },
        { collection: 'follows', checkpoint, userId: 3 },
        { collection: 'users', checkpoint },
        { collection: 'orders', checkpoint: { updatedAt: -1, id: '1' }, userId: 3 },
        { collection: 'wishlist', checkpoint, authenticated: true },
        null,
      ],
    });
    expect(parseChangesPayload(payload)).toEqual({
      instance: 'b',
      changes: [
        { collection: 'products', checkpoint },
        { collection: 'follows', checkpoint, userId: 3 },
        { collection: 'wishlist', checkpoint, authenticated: true },
      ],
    });
  });
});

describe('catch-up pokes', () => {
  it('name every collection a stream carries: public ones for every stream, the rest for signed-in streams', () => {
    const changes = catchUpChanges(123);
    expect(changes.filter((c) => !('authenticated' in c)).map((c) => c.collection)).toEqual([...REPLICATED_COLLECTIONS]);
    expect(changes.filter((c) => 'authenticated' in c).map((c) => c.collection)).toEqual([...PERSONAL_COLLECTIONS, ...POKE_ONLY_COLLECTIONS]);
    for (const c of changes) {
      expect(c.checkpoint).toEqual({ updatedAt: 123, id: '' });
      expect(c.userId).toBeUndefined();
    }
  });
});

describe('the in-process notifier', () => {
  it('delivers a publish synchronously to every listener, even past one that throws; unsubscribes; is ready at once', async () => {
    const notifier = createLocalChangeNotifier();
    expect(notifier.kind).toBe('local');
    await notifier.ready();
    const seen: string[] = [];
    notifier.subscribe(() => {
      throw new Error('listener failure');
    });
    const stop = notifier.subscribe((c) => void seen.push(c.collection));
    expect(notifier.listenerCount()).toBe(2);
    notifier.publish({ collection: 'shops', checkpoint: { updatedAt: 1, id: '1' } });
    expect(seen).toEqual(['shops']);
    stop();
    notifier.publish({ collection: 'shops', checkpoint: { updatedAt: 2, id: '1' } });
    expect(seen).toEqual(['shops']);
    await notifier.close();
    expect(notifier.listenerCount()).toBe(0);
  });
});
