/**
 * The local database of the community tests (tests/db, fake-indexeddb): a fresh database per test, removed after
 * it, the request most of them start from, what a pull does to it and the server accepting an entry.
 */
import { afterEach } from 'vitest';
import type { SoukDatabase } from '../../src/db/database';
import { completeEntry, type OutboxEntry } from '../../src/db/outbox';
import { KIND_HANDLERS } from '../../src/db/outbox-kinds';
import { communityPost } from '../db/support/community-fixtures';
import { openTestDatabase } from '../db/support/test-db';

/** The seller who responds, and the owner of the request. */
export const SELLER = 9;
export const OWNER = 7;
/** The request's document id and post id (owner OWNER). */
export const POST_DOC_ID = 'p-aaaaaaaa';
export const POST_ID = 41;

export type PostPatch = Parameters<typeof communityPost>[1];

export interface CommunityDatabases {
  /** A fresh, empty database, removed after the test. */
  open(): Promise<SoukDatabase>;
  /** A fresh database holding the request POST_DOC_ID (post POST_ID by OWNER) with `patch`. */
  withPost(patch?: PostPatch): Promise<SoukDatabase>;
}

/** Call at the top of a test file: registers the afterEach that removes the databases the test opened. */
export function communityDatabases(): CommunityDatabases {
  const opened: SoukDatabase[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.remove();
  });
  const open = async () => {
    const db = await openTestDatabase();
    opened.push(db);
    return db;
  };
  const withPost = async (patch: PostPatch = {}) => {
    const db = await open();
    await db.community_posts.insert(communityPost(POST_DOC_ID, { post_id: POST_ID, user_id: OWNER, ...patch }));
    return db;
  };
  return { open, withPost };
}

/** A pull writes the server's request (POST_DOC_ID, with `patch`) over the stored one. */
export async function pullPost(db: SoukDatabase, patch: PostPatch): Promise<void> {
  const doc = await db.community_posts.findOne(POST_DOC_ID).exec();
  await doc?.incrementalModify(() => communityPost(POST_DOC_ID, { post_id: POST_ID, user_id: OWNER, ...patch }));
}

/** The server accepted the entry at `now` with this answer body (completeEntry with the kind's accepted hook). */
export const acceptEntry = (db: SoukDatabase, entry: OutboxEntry, answer: unknown, now: number) =>
  completeEntry(db, entry.id, now, (e) => KIND_HANDLERS[e.kind].accepted(db, e, answer));
