/** Seller sign-up in tests (issue 23): a buyer signs up a shop, verifies its phone through the phone flow, the operator decides. */
import { authHeaders, requestJson } from '../../helpers/auth';
import { call, registerBuyer, type Account, type AccountServer, type Reply } from './account-server';

/** A success (data) or a refusal (code, errors) of the routes below. */
export type ShopOrError = ShopAnswer & { success?: boolean; code?: string; errors?: { parameter: string; message: string }[] };

export interface ShopAnswer {
  status: string;
  message: string;
  data: { id: number; name: string; name_ar: string; names: Record<string, string>; slug: string; status: string; is_verified: boolean; is_featured: boolean; description: string; location: string; products_count: number };
}

let n = 0;
/** A valid sign-up body; `overrides` replace fields (undefined removes one). */
export function signupBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  n += 1;
  const body: Record<string, unknown> = {
    shop_name: `Atelier Test ${process.pid} ${n}`,
    shop_name_ar: 'ورشة الاختبار',
    store_type: 'individual',
    city: 'Fes',
    address: '12 Derb Sidi Ahmed',
    phone: '+212612345678',
    description: 'Hand-stitched kaftans.',
    ...overrides,
  };
  for (const [k, v] of Object.entries(overrides)) if (v === undefined) delete body[k];
  return body;
}

export function register(server: AccountServer, token: string | null, body: unknown, headers: Record<string, string> = {}): Promise<Reply<ShopOrError>> {
  return requestJson<ShopOrError>(server.url, 'POST', '/api/seller/register', body, { ...(token ? authHeaders(token) : {}), ...headers });
}

export function patchShop(server: AccountServer, token: string | null, id: number | string, body: unknown): Promise<Reply<ShopOrError>> {
  return requestJson<ShopOrError>(server.url, 'PATCH', `/api/admin/shops/${id}`, body, token ? authHeaders(token) : {});
}

/** Verifies `phone` for the account through POST /api/user/phone/send-code and /verify (the code from the kept SMS). */
export async function verifyPhone(server: AccountServer, token: string, phone: string): Promise<void> {
  const sent = await call(server, 'POST', '/api/user/phone/send-code', { token, body: { phone } });
  if (sent.status !== 200) throw new Error(`send-code → ${sent.status}: ${JSON.stringify(sent.body)}`);
  const text = server.sms[server.sms.length - 1]?.text ?? '';
  const code = /(\d{6})/.exec(text)?.[1];
  const verified = await call(server, 'POST', '/api/user/phone/verify', { token, body: { phone, code } });
  if (verified.status !== 200) throw new Error(`verify → ${verified.status}: ${JSON.stringify(verified.body)}`);
}

export interface SignedUpSeller extends Account {
  shopId: number;
  slug: string;
  phone: string;
}

let phones = 0;
/** A new buyer who signed up a pending shop (a phone of their own, not verified yet). */
export async function signUpSeller(server: AccountServer, overrides: Record<string, unknown> = {}): Promise<SignedUpSeller> {
  const account = await registerBuyer(server, 'seller');
  phones += 1;
  const phone = `+2126${String(process.pid % 1000).padStart(3, '0')}${String(phones).padStart(5, '0')}`;
  const res = await register(server, account.token, signupBody({ phone, ...overrides }));
  if (res.status !== 201) throw new Error(`register → ${res.status}: ${JSON.stringify(res.body)}`);
  return { ...account, shopId: res.body.data.id, slug: res.body.data.slug, phone };
}

/** Signs up a seller, verifies the phone and has `admin` activate the shop. */
export async function activeSeller(server: AccountServer, admin: Account, overrides: Record<string, unknown> = {}): Promise<SignedUpSeller> {
  const seller = await signUpSeller(server, overrides);
  await verifyPhone(server, seller.token, seller.phone);
  const res = await patchShop(server, admin.token, seller.shopId, { status: 'active' });
  if (res.status !== 200) throw new Error(`activate → ${res.status}: ${JSON.stringify(res.body)}`);
  return seller;
}
