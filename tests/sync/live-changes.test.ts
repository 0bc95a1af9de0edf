/**
 * (d) A change on the server (price, stock, soft delete) reaches the local
 * database through the change stream, with no resync() call, and a watch()
 * callback receives the new result.
 */
import { describe, expect, it } from 'vitest';
import type { Page, ProductDoc } from '../../src/domain/catalog';
import { deleteProduct, type TestServer, updateProduct } from '../helpers/server';
import { faultyFetch } from './support/faulty-fetch';
import { localDocs, plain, serverDocs, type TestClient, useLiveClient, waitFor } from './support/client';

let server: TestServer;
let client: TestClient;
const net = faultyFetch();

useLiveClient({ products: 120 }, net, (s, c) => {
  server = s;
  client = c;
});

describe('live changes from the server', () => {
  it('price, stock and soft delete arrive through the stream; watch() callbacks see them', async () => {
    const target = (await client.service.query({ kind: 'products', query: { sort: 'price-low-high', perPage: 5 } })).items[2]!;
    const pages: Page<ProductDoc>[] = [];
    const products: (ProductDoc | null)[] = [];
    const stopPage = await client.service.watch({ kind: 'products', query: { sort: 'price-low-high', perPage: 5 } }, (p) => pages.push(p));
    const stopProduct = await client.service.watch({ kind: 'product', id: target.id }, (p) => products.push(p));
    await waitFor(() => pages.length > 0 && products.length > 0);
    const totalBefore = pages.at(-1)!.total;
    const pullsBefore = net.pulls().length;

    // Price: it becomes the cheapest product, first on the page.
    await updateProduct(server, target.id, { price: 0.5, discountPrice: null });
    await waitFor(() => pages.at(-1)?.items[0]?.id === target.id, 5000, 'page with the new price');
    expect(pages.at(-1)!.items[0]!.effective_price).toBe(0.5);
    await waitFor(() => products.at(-1)?.price === 0.5, 5000, 'product with the new price');

    // Stock: every variant to 0 → out of stock.
    const variants = products.at(-1)!.variants.map((v) => ({ variantId: v.id, quantity: 0 }));
    await updateProduct(server, target.id, { stock: variants });
    await waitFor(() => products.at(-1)?.in_stock === false, 5000, 'out of stock');
    expect(products.at(-1)!.stock_quantity).toBe(0);

    // Soft delete: it leaves the page and the total, and the product watch gets null.
    await deleteProduct(server, target.id);
    await waitFor(() => products.at(-1) === null, 5000, 'deleted product');
    await waitFor(() => pages.at(-1)?.total === totalBefore - 1, 5000, 'total after delete');
    expect(pages.at(-1)!.items.map((d) => d.id)).not.toContain(target.id);

    // The pulls came from stream pokes (nobody called resync), and the copy equals the server.
    expect(net.pulls().length).toBeGreaterThan(pullsBefore);
    const remote = await serverDocs(server.url, 'products');
    const local = await localDocs(client.service, 'products');
    expect(local.size).toBe(remote.size);
    for (const [id, doc] of remote) expect(local.get(id)).toEqual(plain(doc));

    // A soft delete also recounts categories and shops: their pokes arrive too.
    const shop = (await serverDocs(server.url, 'shops')).get(String(target.shop_id))!;
    await waitFor(async () => (await client.service.query({ kind: 'shop', slugOrId: shop.id }))?.products_count === shop.products_count);

    stopPage();
    stopProduct();
    const seen = pages.length;
    await updateProduct(server, (await client.service.query({ kind: 'products', query: {} })).items[0]!.id, { price: 1 });
    await new Promise((r) => setTimeout(r, 150));
    expect(pages.length).toBe(seen);
  });
});
