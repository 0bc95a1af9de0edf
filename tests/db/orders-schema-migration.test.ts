/**
 * The orders collection's schema version 1 added `shipping_method`: a device that stored orders at version 0
 * (before express existed) opens them at the current version, each one shipped standard and otherwise unchanged.
 * Version 2 widened `status` with `returned`: orders stored at version 1 open unchanged and may then be returned.
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

/** The orders schema as version 1 had it: the statuses before `returned`. */
function orderSchemaV1(): RxJsonSchema<LocalOrder> {
  const statuses = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'];
  return {
    ...orderSchema,
    version: 1,
    properties: { ...orderSchema.properties, status: { type: 'string', enum: statuses } },
  } as RxJsonSchema<LocalOrder>;
}

let db: SoukDatabase | null = null;
afterEach(async () => {
  await db?.remove();
  db = null;
});

describe('orders schema migration', () => {
  it('orders written at version 0 open at version 2 with shipping_method standard, the rest as stored', async () => {
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
    expect(db.orders.schema.version).toBe(2);
    const docs = await db.orders.find({ sort: [{ id: 'asc' }] }).exec();
    expect(docs.map(plainOrder)).toEqual(stored.map((doc) => ({ ...doc, shipping_method: 'standard' })));
    // The migrated documents are writable under the new schema.
    await docs[0]!.incrementalPatch({ shipping_method: 'express' });
    expect((await db.orders.findOne('a').exec())?.shipping_method).toBe('express');
  });

  it('orders written at version 1 open at version 2 as stored, and a delivered one can become returned', async () => {
    const name = uniqueDbName('orders-v1');
    const wrap = await loadDevMode();
    const old = await createRxDatabase<{ orders: RxCollection<LocalOrder> }>({ name, storage: wrap(fakeIdbStorage()), multiInstance: false });
    await old.addCollections({ orders: { schema: orderSchemaV1(), migrationStrategies: { 1: (doc: LocalOrder) => doc } } });
    const stored = [order('a', { order_id: 1, status: 'delivered', local_state: 'confirmed' }), order('b', { order_id: 2, status: 'cancelled', local_state: 'confirmed' })];
    await old.orders.bulkInsert(stored);
    await old.close();

    db = await createSoukDatabase({ name, storage: fakeIdbStorage(), devMode: true, only: ['orders'] });
    expect(db.orders.schema.version).toBe(2);
    const docs = await db.orders.find({ sort: [{ id: 'asc' }] }).exec();
    expect(docs.map(plainOrder)).toEqual(stored);
    await docs[0]!.incrementalPatch({ status: 'returned' });
    expect((await db.orders.findOne('a').exec())?.status).toBe('returned');
  });
});
