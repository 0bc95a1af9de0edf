/**
 * The matrix rows of issue 6's push device tokens (docs/COMMUNITY.md "Push"): any signed-in identity saves and
 * removes its own token; a token is looked up as its holder's row in device_tokens.
 */
import { expect } from 'vitest';
import { SIGNED_IN, type SignedIn, type World } from './authz-identities';
import type { AuthzRow } from './authz-table';

const ALL: readonly SignedIn[] = SIGNED_IN;
let serial = 0;

const tokenFor = (who: string): string => `authz-fcm-${who}-${process.pid}-${++serial}`;

async function holderOf(world: World, token: string): Promise<number | null> {
  const row = await world.server.db.kysely.selectFrom('device_tokens').select('user_id').where('token', '=', token).executeTakeFirst();
  return row ? Number(row.user_id) : null;
}

export const PUSH_ROWS: readonly AuthzRow[] = [
  {
    method: 'POST',
    route: '/api/fcm/token',
    allowed: ALL,
    refused: 403,
    request: (_world, who) => ({ path: '/api/fcm/token', body: { fcm_token: tokenFor(who) } }),
    check: async (world, who, _reply, req) => {
      expect(await holderOf(world, (req.body as { fcm_token: string }).fcm_token)).toBe(world.actors[who].userId);
    },
  },
  {
    method: 'DELETE',
    route: '/api/fcm/token',
    allowed: ALL,
    refused: 403,
    // Each cell removes a token of its own, saved first.
    request: async (world, who) => {
      const token = tokenFor(who);
      if (who !== 'guest') {
        const saved = await world.as(who, 'POST', '/api/fcm/token', { fcm_token: token });
        expect(saved.status, saved.text).toBe(200);
      }
      return { path: '/api/fcm/token', body: { fcm_token: token } };
    },
    check: async (world, _who, _reply, req) => {
      expect(await holderOf(world, (req.body as { fcm_token: string }).fcm_token)).toBeNull();
    },
  },
];
