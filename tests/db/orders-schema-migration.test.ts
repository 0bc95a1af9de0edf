/**
 * The orders collection's schema version 1 added `shipping_method`: a device that stored orders at version 0
 * (before express existed) opens them at version 1, each one shipped standard and otherwise unchanged.
 */
import { createRxDatabase, type RxCollection, type RxJsonSchema } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import { createSoukDatabase, type SoukDatabase } from '../../src/db/database';
import { loadDevMode } from '../../src/db/dev-mode';
import { plainOrder } from '../../src/db/orders';
import { orderSchema } from '../../src/db/schemas/order-schema';
import type { LocalOrder } from '../../src/workers/data-api';
import { order } from './support/commerce-fixtures';
import { fakeIdbStorage, uniqueDbName } from './support/test-db';

type OrderV0 = Omit<LocalOrder, 'shipping_method'>;

/** The orders schema as version 0 had it: the same without shipping_method. */
function orderSchemaV0(): RxJsonSchema<OrderV0> {
  const { shipping_method: _method, ...properties } = orderSchema.properties;
  return {
    ...orderSchema,
    version: 0,
    properties,
    required: (orderSchema.required as string[]).filter((field) => field !== 'shipping_method'),
  } as RxJsonSchema<OrderV0>;
}

function v0(id: string, patch: Partial<LocalOrder> = {}): OrderV0 {
  const { shipping_method: _method, ...doc } = order(id, patch);
  return doc;
}

let db: SoukDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

describe('orders schema migration', () => {
  it('orders written at version 0 open at version 1 with shipping_method standard, the rest as stored', async () => {
    const name = uniqueDbName('orders-v0');
    // The same storage createSoukDatabase uses in tests: dev-mode validation over fake-indexeddb.
    const wrap = await loadDevMode();
    const old = await createRxDatabase<{ orders: RxCollection<OrderV0> }>({
      name,
      storage: wrap(fakeIdbStorage()),
      multiInstance: false,
    });
    await old.addCollections({ orders: { schema: orderSchemaV0() } });
    const stored = [
      v0('a', { order_id: 1, order_number: 'SK-240101-AAAAAA' }),
      v0('b', { order_id: 2, status: 'delivered', local_state: 'confirmed' }),
      v0('c', { order_id: 0, order_number: '', local_state: 'queued' }),
    ];
    await old.orders.bulkInsert(stored);
    await old.close();

    db = await createSoukDatabase({ name, storage: fakeIdbStorage(), devMode: true, only: ['orders'] });
    expect(db.orders.schema.version).toBe(1);
    const docs = await db.orders.find({ sort: [{ id: 'asc' }] }).exec();
    expect(docs.map(plainOrder)).toEqual(stored.map((doc) => ({ ...doc, shipping_method: 'standard' })));
    // The migrated documents are writable under the new schema.
    await docs[0]!.incrementalPatch({ shipping_method: 'express' });
    expect((await db.orders.findOne('a').exec())?.shipping_method).toBe('express');
  });
});
