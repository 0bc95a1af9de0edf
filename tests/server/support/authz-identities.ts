/**
 * The identities of the authorisation matrix and the objects they own, set up
 * through the public API (register, login, addresses; the sellers are the
 * seed's, signed in with the test seller password) and through the database
 * only for what no endpoint offers: the admin role.
 */
import { registerUser, sellerLogin, TEST_SELLER_PASSWORD } from '../../helpers/auth';
import type { AuthzServer } from './authz-server';
import { lastCodeFor } from './authz-server';
import { describeReply, field, jsonRequest, send, type Method, type RawRequest, type Reply } from './authz-http';

export const IDENTITIES = ['guest', 'buyerA', 'buyerB', 'sellerX', 'sellerY', 'admin'] as const;
export type Identity = (typeof IDENTITIES)[number];
export type SignedIn = Exclude<Identity, 'guest'>;
export const SIGNED_IN: readonly SignedIn[] = IDENTITIES.filter((i): i is SignedIn => i !== 'guest');

export interface Actor {
  who: SignedIn;
  userId: number;
  email: string;
  password: string;
  /** The identity's long-lived bearer token (cells that revoke a session use a fresh one). */
  token: string;
  /** A phone number of its own, so verification codes do not cross identities. */
  phone: string;
}

export interface Shop {
  id: number;
  slug: string;
}

export interface World {
  server: AuthzServer;
  actors: Record<SignedIn, Actor>;
  shopX: Shop;
  shopY: Shop;
  /** A shipping address of buyer A's and one of buyer B's, made through the API. */
  addressA: number;
  addressB: number;
  /** A request as `who` (guest: no credentials), with the identity's main token unless `token` is given. */
  as(who: Identity, method: Method, path: string, body?: unknown, token?: string): Promise<Reply>;
  /** A new session for `who` (POST /api/auth/login). */
  login(who: SignedIn): Promise<string>;
  /** A new address of `who`'s, returns its id. */
  createAddress(who: SignedIn, patch?: Record<string, unknown>): Promise<number>;
  /** A live verification code for `who`'s phone (the last one sent, or a new one). */
  phoneCode(who: SignedIn): Promise<string>;
}

export const PASSWORD = 'correct horse battery';

export function addressBody(label: string, patch: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'shipping',
    full_name: `Owner ${label}`,
    phone: '+212600000099',
    address: `1 Rue ${label}`,
    apartment: '',
    city: 'Casablanca',
    state: 'Casablanca-Settat',
    postal_code: '20000',
    country: 'MA',
    is_default: false,
    ...patch,
  };
}

async function expectOk(base: string, req: RawRequest): Promise<Reply> {
  const reply = await send(base, req);
  if (reply.status < 200 || reply.status > 299) throw new Error(`setup: ${describeReply(req, reply)}`);
  return reply;
}

function tokenOf(reply: Reply): string {
  const token = field(reply.json, 'token');
  if (typeof token !== 'string') throw new Error(`no token in ${reply.text.slice(0, 200)}`);
  return token;
}

export async function setUpWorld(server: AuthzServer): Promise<World> {
  const base = server.url;
  const run = Date.now().toString(36);

  const register = async (who: SignedIn, phone: string): Promise<Actor> => {
    const email = `${who.toLowerCase()}-${run}@example.test`;
    const { token, user } = await registerUser(base, { email, password: PASSWORD, first_name: who });
    return { who, userId: Number(user.id), email, password: PASSWORD, token, phone };
  };

  const loginWith = async (email: string, password: string): Promise<string> =>
    tokenOf(await expectOk(base, jsonRequest('POST', '/api/auth/login', null, { email, password })));

  const buyerA = await register('buyerA', '+212600000001');
  const buyerB = await register('buyerB', '+212600000002');

  // Admin: a registered user raised to admin in the database (no endpoint grants roles), then a new session.
  const adminReg = await register('admin', '+212600000005');
  await server.db.kysely.updateTable('users').set({ role: 'admin' }).where('id', '=', adminReg.userId).execute();
  const admin: Actor = { ...adminReg, token: await loginWith(adminReg.email, PASSWORD) };

  // Sellers: the seed's sellers of the first two shops (by id), signed in as the shared helper does.
  const [x, y] = await server.db.kysely.selectFrom('shops').select(['id as shopId', 'slug']).orderBy('id').limit(2).execute();
  if (!x || !y) throw new Error('the demo seed has fewer than two shops');
  const seller = async (who: SignedIn, row: typeof x, phone: string): Promise<Actor> => {
    const { token, user } = await sellerLogin(base, row.slug);
    if (user.role !== 'seller' || Number(user.shop?.id) !== Number(row.shopId)) throw new Error(`${who} is not the seller of shop ${row.slug}`);
    return { who, userId: Number(user.id), email: user.email, password: TEST_SELLER_PASSWORD, token, phone };
  };
  const sellerX = await seller('sellerX', x, '+212600000003');
  const sellerY = await seller('sellerY', y, '+212600000004');

  const actors: Record<SignedIn, Actor> = { buyerA, buyerB, sellerX, sellerY, admin };

  const as: World['as'] = (who, method, path, body, token) =>
    send(base, jsonRequest(method, path, token ?? (who === 'guest' ? null : actors[who].token), body));

  const createAddress: World['createAddress'] = async (who, patch = {}) => {
    const req = jsonRequest('POST', '/api/user/addresses', actors[who].token, addressBody(who, patch));
    const reply = await expectOk(base, req);
    const id = field(reply.json, 'data', 'id');
    if (typeof id !== 'number' && typeof id !== 'string') throw new Error(`no address id: ${describeReply(req, reply)}`);
    return Number(id);
  };

  const phoneCode: World['phoneCode'] = async (who) => {
    const phone = actors[who].phone;
    const known = lastCodeFor(server, phone);
    if (known !== undefined) return known;
    await expectOk(base, jsonRequest('POST', '/api/user/phone/send-code', actors[who].token, { phone }));
    const code = lastCodeFor(server, phone);
    if (code === undefined) throw new Error(`no code was sent to ${phone}`);
    return code;
  };

  return {
    server,
    actors,
    shopX: { id: Number(x.shopId), slug: x.slug },
    shopY: { id: Number(y.shopId), slug: y.slug },
    addressA: await createAddress('buyerA', { is_default: true }),
    addressB: await createAddress('buyerB', { is_default: true }),
    as,
    login: (who) => loginWith(actors[who].email, actors[who].password),
    createAddress,
    phoneCode,
  };
}
