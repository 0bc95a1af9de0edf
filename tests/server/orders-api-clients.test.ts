/**
 * POST /api/orders as an API client sends it (issue 21, decisions.md "Order calls from API clients"): no
 * client_ref of ours (the Idempotency-Key header guards; the server derives the order's reference), no
 * apartment, and the country as a code or as a name the checkout offers in any of the six languages.
 * A country not offered is a 422 that names the field and the accepted values, and takes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_MESSAGE, orderDocSchema } from '../../src/domain/commerce-schemas';
import { registerUser, startAuthServer, type AuthServer, type RegisteredUser } from '../helpers/auth';
import { as, orderBody, placeOrder, sellableVariant, SHIPPING, stockOf, type SellableVariant } from './support/order-fixtures';

let server: AuthServer;
let buyer: RegisteredUser;
let v: SellableVariant;

beforeAll(async () => {
  server = await startAuthServer();
  buyer = await registerUser(server.url);
  v = await sellableVariant(server.db, 500, 0);
});
afterAll(async () => {
  await server?.close();
});

/** The spec's order payload: items, shipping_info, payment_method; nothing of the app's own. */
function specBody(shipping: Record<string, unknown> = {}, drop: readonly string[] = []) {
  const { client_ref: _ref, ...body } = orderBody([{ v, quantity: 1 }]);
  const info: Record<string, unknown> = { ...SHIPPING, ...shipping };
  for (const key of drop) delete info[key];
  return { ...body, shipping_info: info };
}

async function ordersWithKey(clientRef: string): Promise<number> {
  const rows = await server.db.kysely.selectFrom('orders').select('id').where('client_ref', '=', clientRef).execute();
  return rows.length;
}

describe('client_ref is optional', () => {
  it('with an Idempotency-Key: 201, a reference derived from the key; the key again makes no second order, even once the key is forgotten', async () => {
    const before = await stockOf(server.db, v);
    const key = `api-client-${Date.now()}`;
    const first = await placeOrder(server.url, buyer.token, specBody(), { 'idempotency-key': key });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const order = orderDocSchema.parse(first.body.data);
    expect(order.id).toMatch(/^ik-[A-Za-z0-9_-]{32}$/);
    expect(await ordersWithKey(order.id)).toBe(1);

    const replay = await placeOrder(server.url, buyer.token, specBody(), { 'idempotency-key': key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data).toEqual(first.body.data);

    // The idempotency memory is gone (24 h later): the derived reference still names the same order.
    await server.db.kysely.deleteFrom('idempotency_keys').execute();
    const late = await placeOrder(server.url, buyer.token, specBody(), { 'idempotency-key': key });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(late.body.data.order_id).toBe(order.order_id);
    expect(await ordersWithKey(order.id)).toBe(1);
    expect((await stockOf(server.db, v)).variant).toBe(before.variant - 1);

    // The order reads back by its reference.
    const read = await as<{ data: { order_id: number } }>(server.url, buyer.token, 'GET', `/api/orders/${order.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.order_id).toBe(order.order_id);
  });

  it('another buyer with the same Idempotency-Key gets an order of their own', async () => {
    const other = await registerUser(server.url);
    const key = `shared-key-${Date.now()}`;
    const mine = await placeOrder(server.url, buyer.token, specBody(), { 'idempotency-key': key });
    const theirs = await placeOrder(server.url, other.token, specBody(), { 'idempotency-key': key });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.order_id).not.toBe(mine.body.data.order_id);
    expect(theirs.body.data.customer_id).toBe(Number(other.user.id));
  });

  it('without either: every request is a new order with a reference of its own', async () => {
    const a = await placeOrder(server.url, buyer.token, specBody());
    const b = await placeOrder(server.url, buyer.token, specBody());
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(b.status).toBe(201);
    expect(a.body.data.id).toMatch(/^srv-[0-9a-f-]{36}$/);
    expect(b.body.data.id).toMatch(/^srv-[0-9a-f-]{36}$/);
    expect(a.body.data.id).not.toBe(b.body.data.id);
    expect(a.body.data.order_id).not.toBe(b.body.data.order_id);
  });

  it('a client_ref that is given keeps its rules: a malformed one is 422 on client_ref', async () => {
    const res = await placeOrder(server.url, buyer.token, { ...specBody(), client_ref: 'short' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'VALIDATION', errors: [{ parameter: 'client_ref' }] });
  });
});

describe('shipping_info', () => {
  it('the apartment may be left out or null: stored as empty', async () => {
    for (const shipping of [specBody({}, ['apartment']), specBody({ apartment: null })]) {
      const res = await placeOrder(server.url, buyer.token, shipping);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.shipping_info.apartment).toBe('');
    }
    const given = await placeOrder(server.url, buyer.token, specBody({ apartment: 'Apt 4' }));
    expect(given.body.data.shipping_info.apartment).toBe('Apt 4');
  });

  it('the country as the code or a name the checkout offers, in any of the six languages, is stored as the code', async () => {
    const cases: [string, string][] = [
      ['MA', 'MA'],
      ['ma', 'MA'],
      ['Morocco', 'MA'],
      ['Maroc', 'MA'],
      ['المغرب', 'MA'],
      ['Marruecos', 'MA'],
      ['MAROKKO', 'MA'],
      [' morocco ', 'MA'],
      ['Arabie saoudite', 'SA'],
      ['Emiratos Árabes Unidos', 'AE'],
      ['emirats arabes unis', 'AE'],
      ['Vereinigte Arabische Emirate', 'AE'],
      ['قطر', 'QA'],
      ['Koweït', 'KW'],
      ['Baréin', 'BH'],
      ['عُمان', 'OM'],
    ];
    for (const [sent, code] of cases) {
      const shipping = code === 'MA' ? specBody({ country: sent }) : specBody({ country: sent, postal_code: '' });
      const res = await placeOrder(server.url, buyer.token, shipping);
      expect(res.status, `${sent}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.data.shipping_info.country, sent).toBe(code);
      const row = await server.db.kysely.selectFrom('orders').select('country').where('id', '=', res.body.data.order_id).executeTakeFirstOrThrow();
      expect(row.country).toBe(code);
    }
  });

  it('a country not offered is 422 VALIDATION on shipping_info.country naming the accepted values, and takes nothing', async () => {
    const before = await stockOf(server.db, v);
    for (const country of ['France', 'FR', 'Morocc', '', 42]) {
      const res = await placeOrder(server.url, buyer.token, specBody({ country }));
      expect(res.status, String(country)).toBe(422);
      expect(res.body).toMatchObject({ code: 'VALIDATION', message: COUNTRY_MESSAGE });
      expect((res.body as unknown as { errors: { parameter: string; message: string }[] }).errors).toContainEqual({ parameter: 'shipping_info.country', message: COUNTRY_MESSAGE });
    }
    expect(COUNTRY_MESSAGE).toContain('MA (Morocco)');
    for (const code of ['SA', 'AE', 'QA', 'KW', 'BH', 'OM']) expect(COUNTRY_MESSAGE).toContain(code);
    const missing = await placeOrder(server.url, buyer.token, specBody({}, ['country']));
    expect(missing.status).toBe(422);
    expect((missing.body as unknown as { errors: { parameter: string }[] }).errors.map((e) => e.parameter)).toContain('shipping_info.country');
    expect((await stockOf(server.db, v)).variant).toBe(before.variant);
  });
});
