/**
 * A user's address book. Every query is scoped by user_id in SQL, so another
 * user's address is simply not found (404 like a missing one). Invariant: a
 * type (shipping, billing) that has addresses has exactly one default — the
 * first of a type becomes it, `is_default` moves it, and deleting or
 * un-defaulting it promotes the most recent other one. Changes run under the
 * user's lock (user-row-lock.ts), so the limit and the invariant hold under
 * concurrent requests.
 */
import type { Address, AddressType } from '../../domain/account';
import type { Database } from '../db/database';
import type { AddressRow } from '../db/schema';
import type { Tx } from '../db/write-transaction';
import { addressJson } from '../http/user-response';
import { withUserLock } from './user-row-lock';

export const MAX_ADDRESSES_PER_USER = 20;

/** An address as a client sends it: the domain's Address without the server-kept id and default flag. */
export type AddressFields = Omit<Address, 'id' | 'is_default'>;

export interface AddressInput extends AddressFields {
  is_default?: boolean;
}

export type AddressPatch = Partial<AddressFields> & { is_default?: boolean };

export class AddressLimitError extends Error {
  constructor() {
    super(`You can save at most ${MAX_ADDRESSES_PER_USER} addresses.`);
  }
}

/** Defaults first, then newest first, per type. */
export async function listAddresses(db: Database, userId: number): Promise<Address[]> {
  const rows = await db.kysely
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('type', 'desc')
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(addressJson);
}

async function ownRow(tx: Tx, userId: number, id: number): Promise<AddressRow | undefined> {
  return tx.selectFrom('addresses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

async function hasDefault(tx: Tx, userId: number, type: AddressType, exceptId?: number): Promise<boolean> {
  let q = tx
    .selectFrom('addresses')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('is_default', '=', 1);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

async function clearDefault(tx: Tx, userId: number, type: AddressType, now: number): Promise<void> {
  await tx
    .updateTable('addresses')
    .set({ is_default: 0, updated_at: now })
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('is_default', '=', 1)
    .execute();
}

/** Makes the most recent address of the type (other than `exceptId`) its default, if there is one. */
async function promoteLatest(tx: Tx, userId: number, type: AddressType, exceptId: number, now: number): Promise<void> {
  const latest = await tx
    .selectFrom('addresses')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('id', '!=', exceptId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (latest) {
    await tx.updateTable('addresses').set({ is_default: 1, updated_at: now }).where('id', '=', latest.id).execute();
  }
}

export async function createAddress(db: Database, userId: number, input: AddressInput, now: number): Promise<Address> {
  return withUserLock(db, userId, async (tx) => {
    const countRow = await tx
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(countRow?.n ?? 0) >= MAX_ADDRESSES_PER_USER) throw new AddressLimitError();

    const { is_default: wantsDefault, ...fields } = input;
    const first = !(await hasDefault(tx, userId, fields.type));
    if (wantsDefault === true && !first) await clearDefault(tx, userId, fields.type, now);
    const inserted = await tx
      .insertInto('addresses')
      .values({
        ...fields,
        user_id: userId,
        is_default: first || wantsDefault === true ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await ownRow(tx, userId, inserted.id);
    if (!row) throw new Error('inserted address vanished');
    return addressJson(row);
  });
}

/** Applies the patch to the user's own address; null when they have none with this id. */
export async function updateAddress(
  db: Database,
  userId: number,
  id: number,
  patch: AddressPatch,
  now: number,
): Promise<Address | null> {
  return withUserLock(db, userId, async (tx) => {
    const current = await ownRow(tx, userId, id);
    if (!current) return null;
    const { is_default: wantsDefault, ...fields } = patch;
    const type = fields.type ?? current.type;
    const movesType = type !== current.type;
    const wasDefault = current.is_default === 1;

    // The type it leaves keeps a default.
    if (wasDefault && (movesType || wantsDefault === false)) await promoteLatest(tx, userId, current.type, id, now);

    let isDefault: boolean;
    if (wantsDefault === true) {
      await clearDefault(tx, userId, type, now);
      isDefault = true;
    } else if (movesType) {
      isDefault = !(await hasDefault(tx, userId, type, id));
    } else if (wantsDefault === false) {
      // Un-defaulting the only address of a type leaves it the default (see the invariant above).
      isDefault = wasDefault && !(await hasDefault(tx, userId, type, id));
    } else {
      isDefault = wasDefault;
    }

    await tx
      .updateTable('addresses')
      .set({ ...fields, is_default: isDefault ? 1 : 0, updated_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
    const row = await ownRow(tx, userId, id);
    return row ? addressJson(row) : null;
  });
}

/** Deletes the user's own address; false when they have none with this id. */
export async function deleteAddress(db: Database, userId: number, id: number, now: number): Promise<boolean> {
  return withUserLock(db, userId, async (tx) => {
    const current = await ownRow(tx, userId, id);
    if (!current) return false;
    await tx.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).execute();
    if (current.is_default === 1) await promoteLatest(tx, userId, current.type, id, now);
    return true;
  });
}
