/**
 * The local database of the community tests (tests/db, fake-indexeddb): a fresh database per test, removed after
 * it, and the request most of them start from.
 */
import { afterEach } from 'vitest';
import type { SoukDatabase } from '../../src/db/database';
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
