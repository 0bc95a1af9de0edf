/**
 * Community posts, conversations and messages as the UI reads them (docs/COMMUNITY.md), from the local
 * mirror: few documents per user, so filtered, sorted and paged in memory, live on any change of the
 * collection. Posts: newest first; `mine` reads the stored owner (PERSONAL_OWNER_ID); the queued and sent
 * responses and closes are shown over them (withQueuedPostChanges: a pull may replace a post before they reach
 * the server, and the next one may not have landed yet). Messages of one
 * conversation, the shop's and a buyer's (the signed-in user, the stored owner, on the buyer's side; `userId` on
 * the shop's side): page 1 is the newest, oldest first within a page (as GET /api/v1/buyer/messages/shops/{shopId}
 * and GET /api/v1/seller/messages/users/{userId}).
 */
import { combineLatest, map, type Observable } from 'rxjs';
import { COMMUNITY_MAX_PAGE_SIZE, COMMUNITY_PAGE_SIZE, MESSAGES_PER_PAGE } from '../../domain/community';
import type { Conversation } from '../../domain/community-schemas';
import type { CommunityPostsPage, DataQuery, LocalCommunityPost, LocalMessage, MessagesPage, PageMeta, UnreadCount } from '../../workers/data-api';
import { plainDoc } from '../community';
import { postOverlayEntries, withQueuedPostChanges } from '../post-overlay';
import type { SoukDatabase } from '../database';
import { localDoc$ } from '../local-doc';
import type { OutboxEntry } from '../outbox';
import { ownerUserIdOf, PERSONAL_OWNER_ID } from '../personal-collections';
import { distinctResults } from './live';

export const MESSAGES_MAX_PER_PAGE = 50;

type PostsQuery = Extract<DataQuery, { kind: 'communityPosts' }>;
type MessagesQuery = Extract<DataQuery, { kind: 'messages' }>;

function pageOf<T>(all: readonly T[], page: number, perPage: number, max: number): { data: T[]; meta: PageMeta } {
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > max) throw new RangeError(`perPage must be an integer from 1 to ${max}`);
  if (!Number.isInteger(page) || page < 1) throw new RangeError('page must be a positive integer');
  const total = all.length;
  return {
    data: all.slice((page - 1) * perPage, page * perPage),
    meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
  };
}

const newestFirst = (a: { created_at: number; id: string }, b: { created_at: number; id: string }) =>
  b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export function communityPostsPage(all: readonly LocalCommunityPost[], ownerId: number | null, q: Omit<PostsQuery, 'kind'>): CommunityPostsPage {
  const search = (q.search ?? '').trim().toLowerCase();
  const filtered = all
    .filter((p) => (q.status === undefined || p.status === q.status) && (q.category === undefined || p.category === q.category))
    .filter((p) => q.mine !== true || (ownerId !== null && p.user_id === ownerId))
    .filter((p) => search === '' || p.title.toLowerCase().includes(search) || p.description.toLowerCase().includes(search))
    .sort(newestFirst);
  return pageOf(filtered, q.page ?? 1, q.perPage ?? COMMUNITY_PAGE_SIZE, COMMUNITY_MAX_PAGE_SIZE);
}

async function ownerId(db: SoukDatabase): Promise<number | null> {
  return ownerUserIdOf((await db.getLocal(PERSONAL_OWNER_ID))?.toJSON().data);
}

type Docs = readonly { toJSON(): unknown }[];
type EntryDocs = readonly { toMutableJSON(): OutboxEntry }[];

function shownPosts(docs: Docs, entries: EntryDocs): LocalCommunityPost[] {
  return withQueuedPostChanges(
    docs.map((d) => plainDoc<LocalCommunityPost>(d)),
    entries.map((e) => e.toMutableJSON()),
  );
}

export async function findCommunityPosts(db: SoukDatabase, q: PostsQuery): Promise<CommunityPostsPage> {
  const [docs, entries, owner] = await Promise.all([db.community_posts.find().exec(), postOverlayEntries(db).exec(), ownerId(db)]);
  return communityPostsPage(shownPosts(docs, entries), owner, q);
}

export function watchCommunityPosts(db: SoukDatabase, q: PostsQuery): Observable<CommunityPostsPage> {
  return combineLatest([db.community_posts.find().$, postOverlayEntries(db).$, localDoc$(db, PERSONAL_OWNER_ID)]).pipe(
    map(([docs, entries, owner]) => communityPostsPage(shownPosts(docs, entries), ownerUserIdOf(owner?.toJSON().data), q)),
    distinctResults(),
  );
}

function pickPost(posts: readonly LocalCommunityPost[], id: string): LocalCommunityPost | null {
  const key = id.trim();
  if (key === '') return null;
  return posts.find((p) => p.id === key) ?? (/^\d+$/.test(key) ? posts.find((p) => p.post_id === Number(key)) : undefined) ?? null;
}

export async function findCommunityPost(db: SoukDatabase, id: string): Promise<LocalCommunityPost | null> {
  const [docs, entries] = await Promise.all([db.community_posts.find().exec(), postOverlayEntries(db).exec()]);
  return pickPost(shownPosts(docs, entries), id);
}

export function watchCommunityPost(db: SoukDatabase, id: string): Observable<LocalCommunityPost | null> {
  return combineLatest([db.community_posts.find().$, postOverlayEntries(db).$]).pipe(
    map(([docs, entries]) => pickPost(shownPosts(docs, entries), id)),
    distinctResults(),
  );
}

function sortConversations(all: readonly Conversation[]): Conversation[] {
  return [...all].sort((a, b) => (b.last_message_at ?? 0) - (a.last_message_at ?? 0) || b.conversation_id - a.conversation_id);
}

export async function findConversations(db: SoukDatabase): Promise<Conversation[]> {
  return sortConversations((await db.conversations.find().exec()).map((d) => plainDoc<Conversation>(d)));
}

export function watchConversations(db: SoukDatabase): Observable<Conversation[]> {
  return db.conversations.find().$.pipe(
    map((docs) => sortConversations(docs.map((d) => plainDoc<Conversation>(d)))),
    distinctResults(),
  );
}

const unreadOf = (all: readonly { unread_count: number }[]): UnreadCount => ({ unread_count: all.reduce((n, c) => n + c.unread_count, 0) });

export async function findUnreadCount(db: SoukDatabase): Promise<UnreadCount> {
  return unreadOf(await db.conversations.find().exec());
}

export function watchUnreadCount(db: SoukDatabase): Observable<UnreadCount> {
  return db.conversations.find().$.pipe(map(unreadOf), distinctResults());
}

/**
 * One conversation's messages: with the shop `shopId` and the buyer `buyerId` (q.userId on the shop's side,
 * else the signed-in user; null when unknown: every message with the shop).
 */
export function messagesPage(all: readonly LocalMessage[], q: Omit<MessagesQuery, 'kind'>, buyerId: number | null = q.userId ?? null): MessagesPage {
  const newest = all.filter((m) => m.shop_id === q.shopId && (buyerId === null || m.user_id === buyerId)).sort(newestFirst);
  const page = pageOf(newest, q.page ?? 1, q.perPage ?? MESSAGES_PER_PAGE, MESSAGES_MAX_PER_PAGE);
  return { data: page.data.reverse(), meta: page.meta };
}

function checkMessagesQuery(q: MessagesQuery): void {
  if (!Number.isInteger(q.shopId) || q.shopId < 1) throw new RangeError('shopId must be a positive integer');
  if (q.userId !== undefined && (!Number.isInteger(q.userId) || q.userId < 1)) throw new RangeError('userId must be a positive integer');
}

const shopMessages = (db: SoukDatabase, q: MessagesQuery) =>
  db.messages.find({ selector: { shop_id: { $eq: q.shopId }, ...(q.userId === undefined ? {} : { user_id: { $eq: q.userId } }) } });

export async function findMessages(db: SoukDatabase, q: MessagesQuery): Promise<MessagesPage> {
  checkMessagesQuery(q);
  const [docs, owner] = await Promise.all([shopMessages(db, q).exec(), q.userId === undefined ? ownerId(db) : Promise.resolve(q.userId)]);
  return messagesPage(
    docs.map((d) => plainDoc<LocalMessage>(d)),
    q,
    owner,
  );
}

export function watchMessages(db: SoukDatabase, q: MessagesQuery): Observable<MessagesPage> {
  checkMessagesQuery(q);
  return combineLatest([shopMessages(db, q).$, localDoc$(db, PERSONAL_OWNER_ID)]).pipe(
    map(([docs, owner]) =>
      messagesPage(
        docs.map((d) => plainDoc<LocalMessage>(d)),
        q,
        q.userId ?? ownerUserIdOf(owner?.toJSON().data),
      ),
    ),
    distinctResults(),
  );
}
