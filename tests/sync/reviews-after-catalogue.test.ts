/**
 * Reviews replicate after the catalogue: with the reviews pull held back, the
 * catalogue alone completes the first sync (awaitInitialSync resolves, phase
 * 'live', products/categories/shops initialDone) while reviews are still
 * pending, and no reviews pull starts before every catalogue collection caught
 * up. Released, the reviews arrive and report their own progress.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOGUE_COLLECTIONS } from '../../src/sync/collection-groups';
import type { FetchLike } from '../../src/sync/transport/fetch-type';
import { type TestServer } from '../helpers/server';
import { localDocs, serverDocs, sleep, startClient, type TestClient, useTestServer, waitFor } from './support/client';

let server: TestServer;
useTestServer({ products: 120 }, (s) => (server = s));

describe('reviews after the catalogue', () => {
  let client: TestClient;

  afterAll(async () => {
    await client?.service.close();
  });

  it('the first sync is done without waiting for a slow reviews pull; reviews arrive afterwards', async () => {
    const expectedReviews = (await serverDocs(server.url, 'reviews')).size;
    expect(expectedReviews).toBeGreaterThan(0);

    let release!: () => void;
    const reviewsGate = new Promise<void>((resolve) => (release = resolve));
    const caughtUp = new Set<string>();
    let caughtUpAtFirstReviewsPull: string[] | null = null;
    const fetchWithSlowReviews: FetchLike = async (input, init) => {
      const url = String(input);
      const pull = /\/api\/sync\/(\w+)\/pull/.exec(url)?.[1];
      if (pull === 'reviews') {
        caughtUpAtFirstReviewsPull ??= [...caughtUp].sort();
        await reviewsGate;
      }
      const res = await fetch(input, init);
      if (pull !== undefined && pull !== 'reviews' && res.ok) {
        const body = (await res.clone().json()) as { remaining?: number };
        if (body.remaining === 0) caughtUp.add(pull);
      }
      return res;
    };

    client = await startClient({ apiBase: server.url, batchSize: 50, fetch: fetchWithSlowReviews });
    await client.service.awaitInitialSync();
    await waitFor(async () => (await client.service.syncStatus()).phase === 'live', 10_000, "phase 'live'");

    const before = await client.service.syncStatus();
    for (const c of CATALOGUE_COLLECTIONS) expect(before.collections[c].initialDone, c).toBe(true);
    expect(before.collections.reviews).toEqual({ pulled: 0, remaining: null, initialDone: false });
    expect((await localDocs(client.service, 'reviews')).size).toBe(0);

    // The reviews replication starts once the catalogue caught up (and is held at the gate).
    await waitFor(() => caughtUpAtFirstReviewsPull !== null, 10_000, 'the first reviews pull');
    expect(caughtUpAtFirstReviewsPull).toEqual([...CATALOGUE_COLLECTIONS].sort());
    await sleep(50);
    expect((await client.service.syncStatus()).collections.reviews.initialDone).toBe(false);

    release();
    await waitFor(async () => (await client.service.syncStatus()).collections.reviews.initialDone, 10_000, 'reviews initialDone');
    const after = await client.service.syncStatus();
    expect(after.phase).toBe('live');
    expect(after.collections.reviews).toEqual({ pulled: expectedReviews, remaining: 0, initialDone: true });
    expect((await localDocs(client.service, 'reviews')).size).toBe(expectedReviews);
  });
});
