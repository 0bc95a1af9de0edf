/**
 * The matrix rows of issue 22's writes of catalogue texts (docs/CATALOGUE.md "Writing texts"): the operator's
 * roles (admin; manager too, which the matrix has no identity for: tests/server/catalog-text-writes.test.ts) may
 * rename a product, a category or a shop; anyone else is refused and the texts stay as they were.
 */
import { expect } from 'vitest';
import { field } from './authz-http';
import type { World } from './authz-identities';
import type { AuthzRow, CellRequest } from './authz-table';

const idInPath = (req: CellRequest): number => Number(/\/(\d+)(?:\?|$)/.exec(req.path)?.[1]);

/** A product's, category's or shop's row as stored (its texts, their columns and its updated_at among them). */
async function texts(world: World, table: 'products' | 'categories' | 'shops', id: number): Promise<unknown> {
  const row = await world.server.db.kysely.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
  return row ?? null;
}

export const CATALOG_TEXT_ROWS: readonly AuthzRow[] = [
  {
    method: 'PATCH',
    route: '/api/admin/products/:id',
    allowed: ['admin'],
    refused: 403,
    request: (_world, who) => ({ path: '/api/admin/products/3', body: { names: { fr: `Caftan de ${who}`, en: `Kaftan of ${who}` } } }),
    target: (world, req) => texts(world, 'products', idInPath(req)),
    check: (_world, who, reply) => {
      expect(field(reply.json, 'data', 'names')).toEqual({ fr: `Caftan de ${who}`, en: `Kaftan of ${who}` });
    },
  },
  {
    method: 'PATCH',
    route: '/api/admin/categories/:id',
    allowed: ['admin'],
    refused: 403,
    request: (_world, who) => ({ path: '/api/admin/categories/4', body: { name: `Category of ${who}` } }),
    target: (world, req) => texts(world, 'categories', idInPath(req)),
    check: (_world, who, reply) => {
      expect(field(reply.json, 'data', 'names', 'en')).toBe(`Category of ${who}`);
    },
  },
  {
    method: 'PATCH',
    route: '/api/admin/shops/:id',
    allowed: ['admin'],
    refused: 403,
    request: (_world, who) => ({ path: '/api/admin/shops/3', body: { descriptions: { de: `Beschreibung von ${who}` } } }),
    target: (world, req) => texts(world, 'shops', idInPath(req)),
    check: (_world, who, reply) => {
      expect(field(reply.json, 'data', 'descriptions')).toEqual({ de: `Beschreibung von ${who}` });
    },
  },
];
