/**
 * The matrix rows of issue 23's sign-up and shop decisions (docs/SELLERS.md "Sign-up and shop status"):
 * - POST /api/seller/register: a buyer may open a shop (each buyer cell signs up a fresh buyer of its own, so the
 *   world's buyers stay buyers for the other rows); a seller, who owns a shop already, gets 409
 *   SHOP_ALREADY_REGISTERED; the admin 403 OPERATOR_CANNOT_SELL; nothing changes on a refusal.
 * - PATCH /api/admin/shops/{id} with decisions (status, is_verified, is_featured): the operator only.
 */
import { expect } from 'vitest';
import { registerUser } from '../../helpers/auth';
import { field } from './authz-http';
import type { World } from './authz-identities';
import type { AuthzRow } from './authz-table';

let n = 0;
const signup = (label: string) => {
  n += 1;
  return { shop_name: `Matrix ${label} ${n}`, store_type: 'individual', city: 'Rabat', address: '1 Avenue Mohammed V', phone: `+2126110${String(n).padStart(5, '0')}` };
};

/** The shops row of the shop the request's path names. */
async function shop(world: World, id: number): Promise<unknown> {
  return (await world.server.db.kysely.selectFrom('shops').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export const SELLER_SIGNUP_ROWS: readonly AuthzRow[] = [
  {
    method: 'POST',
    route: '/api/seller/register',
    allowed: ['buyerA', 'buyerB'],
    refused: 403,
    refusedAs: { sellerX: 409, sellerY: 409 },
    forbiddenCode: 'OPERATOR_CANNOT_SELL',
    conflictCode: 'SHOP_ALREADY_REGISTERED',
    request: async (world, who) => {
      if (who !== 'buyerA' && who !== 'buyerB') return { path: '/api/seller/register', body: signup(who) };
      const fresh = await registerUser(world.server.url, { first_name: `Fresh ${who}` });
      return { path: '/api/seller/register', body: signup(who), token: fresh.token };
    },
    target: async (world) => world.server.db.kysely.selectFrom('shops').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    check: (_world, _who, reply) => {
      expect(reply.status).toBe(201);
      expect(field(reply.json, 'data', 'status')).toBe('pending');
    },
  },
  {
    method: 'PATCH',
    route: '/api/admin/shops/:id',
    label: 'decisions',
    allowed: ['admin'],
    refused: 403,
    request: (world) => ({ path: `/api/admin/shops/${world.shopY.id}`, body: { is_featured: true, is_verified: true } }),
    target: (world) => shop(world, world.shopY.id),
    check: (_world, _who, reply) => {
      expect(field(reply.json, 'data', 'is_featured')).toBe(true);
    },
  },
];
