/** POST /api/payments (docs/COMMERCE.md): nothing is charged; cod is not needed, card and PayPal are coming soon. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, registerUser, requestJson, startAuthServer, type AuthServer, type RegisteredUser } from '../helpers/auth';

let server: AuthServer;
let buyer: RegisteredUser;
beforeAll(async () => {
  server = await startAuthServer({ products: 5 });
  buyer = await registerUser(server.url);
});
afterAll(async () => {
  await server?.close();
});

const pay = (body: unknown, token: string | null = buyer.token) =>
  requestJson<Record<string, unknown>>(server.url, 'POST', '/api/payments', body, token === null ? {} : authHeaders(token));

describe('POST /api/payments', () => {
  it('cod → 422 PAYMENT_NOT_NEEDED', async () => {
    const res = await pay({ amount: 250.5, payment_info: {}, payment_method: 'cod' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, status: 'error', code: 'PAYMENT_NOT_NEEDED', message: 'Cash on delivery is paid on delivery.' });
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('card and PayPal → 422 PAYMENT_METHOD_UNAVAILABLE', async () => {
    for (const method of ['card', 'paypal']) {
      const res = await pay({ amount: 99, payment_info: { card_number: '4242' }, payment_method: method });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE', message: 'This payment method is coming soon.' });
    }
  });

  it('a bad body is 422 VALIDATION naming the field; a guest is 401', async () => {
    const missing = await pay({ amount: 10 });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: 'VALIDATION', message: 'The payment method field is required.' });
    for (const body of [{ amount: -1, payment_method: 'cod' }, { amount: 'x', payment_method: 'cod' }, { amount: 1, payment_method: 'gold' }, { amount: 1, payment_method: 'cod', payment_info: 'x' }, []]) {
      const res = await pay(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe('VALIDATION');
    }
    const guest = await pay({ amount: 1, payment_method: 'cod' }, null);
    expect(guest.status).toBe(401);
  });
});
