/**
 * The matrix rows of issue 7's bookings (docs/TAILORING.md): any signed-in identity may book an available
 * seeded tailor and read their own bookings; a guest gets 401.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { tomorrowInMorocco } from '../../helpers/tailoring';
import { field } from './authz-http';
import { SIGNED_IN, type World } from './authz-identities';
import type { AuthzRow } from './authz-table';

async function availableTailorId(world: World): Promise<number> {
  const row = await world.server.db.kysely.selectFrom('tailors').select('id').where('availability', '=', 'available').orderBy('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export const TAILORING_ROWS: readonly AuthzRow[] = [
  {
    method: 'POST',
    route: '/api/v1/tailors/:id/bookings',
    allowed: SIGNED_IN,
    refused: 403,
    request: async (world) => ({
      path: `/api/v1/tailors/${await availableTailorId(world)}/bookings`,
      body: { service: 'alterations', date: tomorrowInMorocco(), time: '10:00', notes: '', client_ref: randomUUID() },
    }),
    check: async (world, who, reply) => {
      expect(reply.status, reply.text).toBe(201);
      const ref = String(field(reply.json, 'data', 'id'));
      const row = await world.server.db.kysely.selectFrom('bookings').select('user_id').where('client_ref', '=', ref).executeTakeFirst();
      expect(Number(row?.user_id)).toBe(world.actors[who].userId);
    },
  },
  {
    method: 'GET',
    route: '/api/v1/bookings',
    allowed: SIGNED_IN,
    refused: 403,
    request: () => ({ path: '/api/v1/bookings' }),
    check: async (world, who, reply) => {
      const own = await world.server.db.kysely.selectFrom('bookings').select('id').where('user_id', '=', world.actors[who].userId).execute();
      expect((field(reply.json, 'data') as unknown[]).length).toBe(own.length);
    },
  },
];
