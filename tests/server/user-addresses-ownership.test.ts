/** Buyer B cannot read, change or delete buyer A's addresses: 404 as for a missing one, and A's rows stay as they were. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../src/domain/account';
import { call, registerBuyer, startAccountServer, type Account, type AccountServer, type ErrorBody } from './support/account-server';

let server: AccountServer;
let a: Account;
let b: Account;
let aDefault: Address;
let aOther: Address;
beforeAll(async () => {
  server = await startAccountServer({ products: 0 });
  a = await registerBuyer(server, 'owner');
  b = await registerBuyer(server, 'intruder');
  const make = async (who: Account, address: string) =>
    (
      await call<{ data: Address }>(server, 'POST', '/api/user/addresses', {
        token: who.token,
        body: { type: 'shipping', address, city: 'Tanger', state: 'Tanger-Tétouan', country: 'MA' },
      })
    ).body.data;
  aDefault = await make(a, 'A one');
  aOther = await make(a, 'A two');
  await make(b, 'B one');
});
afterAll(async () => {
  await server?.close();
});

const rowsOf = (userId: number) => server.db.kysely.selectFrom('addresses').selectAll().where('user_id', '=', userId).orderBy('id').execute();

describe("another user's address", () => {
  it('is absent from B’s list', async () => {
    const res = await call<{ data: Address[] }>(server, 'GET', '/api/user/addresses', { token: b.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((x) => x.address)).toEqual(['B one']);
  });

  it('cannot be changed by B (404 ADDRESS_NOT_FOUND, A’s rows unchanged), not even its default flag', async () => {
    const before = await rowsOf(a.userId);
    for (const [id, patch] of [
      [aDefault.id, { city: 'Hijacked' }],
      [aOther.id, { is_default: true }],
      [aDefault.id, { is_default: false, type: 'billing' }],
    ] as const) {
      const res = await call<ErrorBody>(server, 'PUT', `/api/user/addresses/${id}`, { token: b.token, body: patch });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, status: 'error', code: 'ADDRESS_NOT_FOUND', message: 'Address not found' });
    }
    expect(await rowsOf(a.userId)).toEqual(before);
  });

  it('cannot be deleted by B (404, A’s rows unchanged)', async () => {
    const before = await rowsOf(a.userId);
    for (const id of [aDefault.id, aOther.id]) {
      const res = await call<ErrorBody>(server, 'DELETE', `/api/user/addresses/${id}`, { token: b.token });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('ADDRESS_NOT_FOUND');
    }
    expect(await rowsOf(a.userId)).toEqual(before);
  });

  it('answers B exactly as a missing id does', async () => {
    const foreign = await call<ErrorBody>(server, 'DELETE', `/api/user/addresses/${aOther.id}`, { token: b.token });
    const missing = await call<ErrorBody>(server, 'DELETE', '/api/user/addresses/2000000000', { token: b.token });
    expect(foreign.status).toBe(missing.status);
    expect(foreign.body).toEqual(missing.body);
  });

  it('never shows up as B’s default address', async () => {
    const me = await call<{ user: { shipping_address: Address | null } }>(server, 'GET', '/api/user/profile', { token: b.token });
    expect(me.body.user.shipping_address?.address).toBe('B one');
  });
});
