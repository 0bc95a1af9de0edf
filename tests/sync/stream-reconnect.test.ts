/**
 * (f) When the change stream drops, the client reconnects by itself, and the
 * reconnect is a RESYNC: changes made while it was disconnected (no poke could
 * reach us) are pulled right after it is back.
 */
import { describe, expect, it } from 'vitest';
import { deleteProduct, type TestServer, updateProduct } from '../helpers/server';
import { faultyFetch } from './support/faulty-fetch';
import { serverDocs, sleep, type TestClient, useLiveClient, waitFor } from './support/client';

let server: TestServer;
let client: TestClient;
const net = faultyFetch();

useLiveClient({ products: 60 }, net, (s, c) => {
  server = s;
  client = c;
});

describe('stream reconnect', () => {
  it('a dropped stream reconnects, and the reconnect pulls what changed meanwhile', async () => {
    const docs = [...(await serverDocs(server.url, 'products')).values()];
    const [a, b] = [docs[1]!, docs[2]!];

    // Drop the connection and keep the next one waiting until we say so.
    net.holdStreams();
    const streamsBefore = net.streams().length;
    net.dropStreams();
    await waitFor(() => net.streams().length > streamsBefore, 5000, 'reconnect attempt');
    await waitFor(async () => (await client.service.syncStatus()).phase === 'error', 5000, 'error while disconnected');
    expect((await client.service.syncStatus()).error).toBe('network');

    // Changes while disconnected: nobody pokes us, so nothing is pulled.
    const pullsBefore = net.pulls().length;
    await updateProduct(server, a.id, { price: 555, discountPrice: null });
    await deleteProduct(server, b.id);
    await sleep(400);
    expect(net.pulls().length).toBe(pullsBefore);
    expect((await client.service.query({ kind: 'product', id: a.id }))?.price).not.toBe(555);

    // Let it connect: RESYNC pulls both changes, status is live again.
    net.releaseStreams();
    await waitFor(async () => (await client.service.query({ kind: 'product', id: a.id }))?.price === 555, 5000, 'update after reconnect');
    await waitFor(async () => (await client.service.query({ kind: 'product', id: b.id })) === null, 5000, 'delete after reconnect');
    await waitFor(async () => (await client.service.syncStatus()).phase === 'live', 5000, 'live');
    const pullsAfter = net.pulls().slice(pullsBefore);
    expect(pullsAfter.map((p) => p.collection)).toEqual(expect.arrayContaining(['products', 'categories', 'shops']));
  });

  it('a stream the server ends cleanly is reopened too', async () => {
    const before = net.streams().length;
    net.endStreams();
    await waitFor(() => net.streams().length > before && net.openStreams() === 1, 5000, 'reopened');
    const c = [...(await serverDocs(server.url, 'products')).values()][5]!;
    await updateProduct(server, c.id, { price: 9.99, discountPrice: null });
    await waitFor(async () => (await client.service.query({ kind: 'product', id: c.id }))?.price === 9.99, 5000, 'poke on the new stream');
    expect((await client.service.syncStatus()).phase).toBe('live');
  });
});
