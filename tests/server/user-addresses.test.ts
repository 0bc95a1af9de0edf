/** The address book: create, list, edit, delete; one default per type; the 20-address limit; every field rule. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, User } from '../../src/domain/account';
import { call, registerBuyer, startAccountServer, type Account, type AccountServer, type ErrorBody } from './support/account-server';

interface AddressReply {
  status: string;
  message: string;
  data: Address;
}

let server: AccountServer;
beforeAll(async () => {
  server = await startAccountServer({ products: 0 });
});
afterAll(async () => {
  await server?.close();
});

const body = (patch: Record<string, unknown> = {}) => ({
  type: 'shipping',
  full_name: 'Amina Test',
  phone: '06 12 34 56 78',
  address: '12 Rue Tarik',
  apartment: 'Apt 3',
  city: 'Fès',
  state: 'Fès-Meknès',
  postal_code: '30000',
  country: 'MA',
  ...patch,
});
const create = (a: Account, patch?: Record<string, unknown>) =>
  call<AddressReply & ErrorBody>(server, 'POST', '/api/user/addresses', { token: a.token, body: body(patch) });
const list = async (a: Account) => (await call<{ data: Address[] }>(server, 'GET', '/api/user/addresses', { token: a.token })).body.data;
const defaults = async (a: Account) => {
  const me = await call<{ user: User }>(server, 'GET', '/api/user/profile', { token: a.token });
  return { shipping: me.body.user.shipping_address?.id ?? null, billing: me.body.user.billing_address?.id ?? null };
};
const rows = (userId: number) => server.db.kysely.selectFrom('addresses').selectAll().where('user_id', '=', userId).orderBy('id').execute();

describe('POST /api/user/addresses', () => {
  it('saves an address (201), normalising the phone, and makes the first of a type its default', async () => {
    const a = await registerBuyer(server, 'first');
    const res = await create(a);
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ status: 'success', message: 'Address saved' });
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      type: 'shipping',
      full_name: 'Amina Test',
      phone: '+212612345678',
      address: '12 Rue Tarik',
      apartment: 'Apt 3',
      city: 'Fès',
      state: 'Fès-Meknès',
      postal_code: '30000',
      country: 'MA',
      is_default: true,
    });
    expect(await list(a)).toEqual([res.body.data]);
    expect(await defaults(a)).toEqual({ shipping: res.body.data.id, billing: null });
  });

  it('keeps optional fields empty when absent or null, and ignores user_id and id in the body', async () => {
    const a = await registerBuyer(server, 'minimal');
    const b = await registerBuyer(server, 'victim');
    const res = await call<AddressReply>(server, 'POST', '/api/user/addresses', {
      token: a.token,
      body: { type: 'billing', address: '1 Av. Hassan II', city: 'Rabat', state: 'Rabat-Salé', country: 'MA', full_name: null, user_id: b.userId, id: 1 },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ type: 'billing', full_name: '', phone: '', apartment: '', postal_code: '', is_default: true });
    expect(await rows(b.userId)).toEqual([]);
    expect((await rows(a.userId))[0]?.user_id).toBe(a.userId);
  });

  it('moves the default to a new address saved with is_default, per type', async () => {
    const a = await registerBuyer(server, 'moves');
    const s1 = (await create(a)).body.data;
    const b1 = (await create(a, { type: 'billing' })).body.data;
    const s2 = (await create(a, { address: 'Second' })).body.data;
    expect(s2.is_default).toBe(false);
    const s3 = (await create(a, { address: 'Third', is_default: true })).body.data;
    expect(s3.is_default).toBe(true);
    const byId = new Map((await list(a)).map((x) => [x.id, x.is_default]));
    expect(Object.fromEntries(byId)).toEqual({ [s1.id]: false, [s2.id]: false, [s3.id]: true, [b1.id]: true });
    expect(await defaults(a)).toEqual({ shipping: s3.id, billing: b1.id });
  });

  it('refuses the 21st address with a clear 422, writing nothing', async () => {
    const a = await registerBuyer(server, 'limit');
    for (let i = 0; i < 20; i++) expect((await create(a, { address: `No ${i}`, type: i % 2 ? 'billing' : 'shipping' })).status).toBe(201);
    const res = await create(a, { address: 'One too many' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'VALIDATION', message: 'You can save at most 20 addresses.' });
    expect(res.body.errors).toEqual([{ parameter: '(body)', message: 'You can save at most 20 addresses.' }]);
    expect(await rows(a.userId)).toHaveLength(20);
    // Deleting one makes room again.
    const first = (await list(a))[0];
    if (!first) throw new Error('no address');
    expect((await call(server, 'DELETE', `/api/user/addresses/${first.id}`, { token: a.token })).status).toBe(200);
    expect((await create(a, { address: 'Fits now' })).status).toBe(201);
  });

  it('keeps the limit under concurrent requests', async () => {
    const a = await registerBuyer(server, 'race');
    for (let i = 0; i < 18; i++) await create(a, { address: `No ${i}` });
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => create(a, { address: `Race ${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 422)).toHaveLength(4);
    expect(await rows(a.userId)).toHaveLength(20);
    expect((await rows(a.userId)).filter((r) => r.is_default === 1)).toHaveLength(1);
  });

  it.each([
    [{ type: undefined }, 'type', 'The type field is required.'],
    [{ type: 'home' }, 'type', 'The selected type is invalid.'],
    [{ address: undefined }, 'address', 'The address field is required.'],
    [{ address: '   ' }, 'address', 'The address field is required.'],
    [{ address: 'a'.repeat(201) }, 'address', 'The address may not be greater than 200 characters.'],
    [{ apartment: 'a'.repeat(101) }, 'apartment', 'The apartment may not be greater than 100 characters.'],
    [{ city: undefined }, 'city', 'The city field is required.'],
    [{ city: 'c'.repeat(101) }, 'city', 'The city may not be greater than 100 characters.'],
    [{ state: '' }, 'state', 'The state field is required.'],
    [{ state: 's'.repeat(101) }, 'state', 'The state may not be greater than 100 characters.'],
    [{ full_name: 'n'.repeat(101) }, 'full_name', 'The full name may not be greater than 100 characters.'],
    [{ full_name: 12 }, 'full_name', 'The full name must be a string.'],
    [{ postal_code: '1' }, 'postal_code', 'The selected postal code is invalid.'],
    [{ postal_code: '12345_' }, 'postal_code', 'The selected postal code is invalid.'],
    [{ postal_code: '12345678901' }, 'postal_code', 'The postal code may not be greater than 10 characters.'],
    [{ phone: '12' }, 'phone', 'The phone must be a valid phone number.'],
    [{ phone: '+0123456789' }, 'phone', 'The phone must be a valid phone number.'],
    [{ country: undefined }, 'country', 'The country field is required.'],
    [{ country: 'US' }, 'country', 'The selected country is invalid.'],
    [{ country: 'ma' }, 'country', 'The selected country is invalid.'],
    [{ is_default: 'yes' }, 'is_default', 'The is default field must be true or false.'],
  ])('refuses %j (%s) and writes nothing', async (patch, parameter, message) => {
    const a = await registerBuyer(server, 'bad');
    const res = await create(a, patch);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'VALIDATION', message });
    expect(res.body.errors).toEqual([{ parameter, message }]);
    expect(await rows(a.userId)).toEqual([]);
  });

  it('accepts every offered country and postal codes with letters, spaces and dashes', async () => {
    const a = await registerBuyer(server, 'countries');
    for (const [country, postal] of [['MA', '20 000'], ['SA', '12345-6789'], ['AE', 'ABC'], ['QA', ''], ['KW', '13001'], ['BH', '317'], ['OM', '112']]) {
      const res = await create(a, { country, postal_code: postal });
      expect(res.status, country).toBe(201);
      expect(res.body.data).toMatchObject({ country, postal_code: postal });
    }
  });
});

describe('PUT /api/user/addresses/:id', () => {
  it('changes the fields given and keeps the rest', async () => {
    const a = await registerBuyer(server, 'edit');
    const created = (await create(a)).body.data;
    const res = await call<AddressReply>(server, 'PUT', `/api/user/addresses/${created.id}`, {
      token: a.token,
      body: { city: ' Meknès ', phone: '+33 6 12 34 56 78', apartment: '' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ status: 'success', message: 'Address saved' });
    expect(res.body.data).toEqual({ ...created, city: 'Meknès', phone: '+33612345678', apartment: '' });
  });

  it('moves the default with is_default, and un-defaulting promotes the most recent other one', async () => {
    const a = await registerBuyer(server, 'putdefault');
    const s1 = (await create(a)).body.data;
    const s2 = (await create(a, { address: 'Two' })).body.data;
    const s3 = (await create(a, { address: 'Three' })).body.data;
    const put = (id: number, patch: Record<string, unknown>) =>
      call<AddressReply>(server, 'PUT', `/api/user/addresses/${id}`, { token: a.token, body: patch });

    expect((await put(s2.id, { is_default: true })).body.data.is_default).toBe(true);
    expect(await defaults(a)).toEqual({ shipping: s2.id, billing: null });

    expect((await put(s2.id, { is_default: false })).body.data.is_default).toBe(false);
    expect(await defaults(a)).toEqual({ shipping: s3.id, billing: null });

    // The only address of its type stays the default.
    const b1 = (await create(a, { type: 'billing' })).body.data;
    expect((await put(b1.id, { is_default: false })).body.data.is_default).toBe(true);

    // Moving the shipping default to billing: shipping promotes its latest, billing keeps its default.
    const moved = (await put(s3.id, { type: 'billing' })).body.data;
    expect(moved).toMatchObject({ type: 'billing', is_default: false });
    expect(await defaults(a)).toEqual({ shipping: s2.id, billing: b1.id });
    expect((await rows(a.userId)).filter((r) => r.is_default === 1)).toHaveLength(2);
    expect(s1.is_default).toBe(true);
  });

  it('validates given fields with the same rules and writes nothing on refusal', async () => {
    const a = await registerBuyer(server, 'putbad');
    const created = (await create(a)).body.data;
    const before = await rows(a.userId);
    for (const [patch, message] of [
      [{ address: '' }, 'The address field is required.'],
      [{ country: 'FR' }, 'The selected country is invalid.'],
      [{ type: null }, 'The selected type is invalid.'],
      [{ phone: 'call me' }, 'The phone must be a valid phone number.'],
    ] as const) {
      const res = await call<ErrorBody>(server, 'PUT', `/api/user/addresses/${created.id}`, { token: a.token, body: patch });
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(res.body.message).toBe(message);
    }
    expect(await rows(a.userId)).toEqual(before);
  });

  it('is 404 ADDRESS_NOT_FOUND for a missing or malformed id, never 5xx', async () => {
    const a = await registerBuyer(server, 'put404');
    for (const id of ['999999', '0', '-1', 'abc', '1e3', '01', '99999999999', '%20']) {
      const res = await call<ErrorBody>(server, 'PUT', `/api/user/addresses/${id}`, { token: a.token, body: { city: 'X' } });
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ code: 'ADDRESS_NOT_FOUND', message: 'Address not found' });
    }
  });
});

describe('DELETE /api/user/addresses/:id', () => {
  it('deletes, and deleting the default promotes the most recent other one of that type', async () => {
    const a = await registerBuyer(server, 'del');
    const s1 = (await create(a)).body.data;
    const s2 = (await create(a, { address: 'Two' })).body.data;
    const s3 = (await create(a, { address: 'Three' })).body.data;
    const b1 = (await create(a, { type: 'billing' })).body.data;
    const del = (id: number) => call<{ status: string; message: string } & ErrorBody>(server, 'DELETE', `/api/user/addresses/${id}`, { token: a.token });

    const res = await del(s1.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({ status: 'success', message: 'Address deleted' });
    expect(await defaults(a)).toEqual({ shipping: s3.id, billing: b1.id });

    expect((await del(s2.id)).status).toBe(200);
    expect(await defaults(a)).toEqual({ shipping: s3.id, billing: b1.id });
    expect((await del(s3.id)).status).toBe(200);
    expect(await defaults(a)).toEqual({ shipping: null, billing: b1.id });

    const again = await del(s3.id);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('ADDRESS_NOT_FOUND');
  });

  it('is 401 for a guest on every address route', async () => {
    const a = await registerBuyer(server, 'guest');
    const created = (await create(a)).body.data;
    for (const [method, path] of [
      ['GET', '/api/user/addresses'],
      ['POST', '/api/user/addresses'],
      ['PUT', `/api/user/addresses/${created.id}`],
      ['DELETE', `/api/user/addresses/${created.id}`],
    ] as const) {
      const res = await call<ErrorBody>(server, method, path, method === 'GET' || method === 'DELETE' ? {} : { body: body() });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
    expect(await list(a)).toEqual([created]);
  });
});
