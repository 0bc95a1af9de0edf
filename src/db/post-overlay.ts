/**
 * The seller's responses and the owner's answers and closes laid over the stored community posts
 * (docs/COMMUNITY.md): a pull replaces a post whole (pull-only replication writes the server's state over local
 * changes), also with a copy that left the server before such a write reached it, so the posts the UI reads
 * (queries/community.ts) and the checks before queueing (community.ts, community-responses.ts) show them while
 * their entries are unsettled and, once the server accepted them, until the stored post is the server's from
 * after the write.
 */
import type { CommunityResponse } from '../domain/community-schemas';
import type { LocalCommunityPost } from '../workers/data-api';
import { answerOf, parseJson, plainDoc, type Answer, type AnswerUndo } from './community';
import type { CloseUndo, ResponseUndo } from './community-responses';
import type { SoukDatabase } from './database';
import { SEND_STATES, type OutboxEntry } from './outbox';

/** The kinds whose entries are shown over the stored posts (withQueuedPostChanges). */
export const POST_OVERLAY_KINDS = ['response_create', 'response_answer', 'post_close'] as const;

/** The states of those entries that may still be shown: unsettled, or accepted (done) before the pull caught up. */
export const POST_OVERLAY_STATES = [...SEND_STATES, 'done'] as const;

/** The entries withQueuedPostChanges lays over the stored posts, in queue order. */
export const postOverlayEntries = (db: SoukDatabase) =>
  db.outbox.find({ selector: { kind: { $in: [...POST_OVERLAY_KINDS] }, state: { $in: [...POST_OVERLAY_STATES] } }, sort: [{ createdAt: 'asc' }] });

/** One post as the UI shows it (withQueuedPostChanges), for the checks before queueing. */
export async function shownPost(db: SoukDatabase, doc: { toJSON(): unknown }): Promise<LocalCommunityPost> {
  const entries = (await postOverlayEntries(db).exec()).map((e) => e.toMutableJSON());
  const [post] = withQueuedPostChanges([plainDoc<LocalCommunityPost>(doc)], entries);
  if (!post) throw new Error('withQueuedPostChanges lost the post');
  return post;
}

/** What one entry lays over its post. */
type PostChange = { postId: string; settledAt: number | undefined } & (
  | { kind: 'respond'; response: CommunityResponse }
  | { kind: 'answer'; responseId: string; status: Answer }
  | { kind: 'close' }
);

function changeOf(entry: OutboxEntry): PostChange | null {
  if (entry.kind === 'post_close') {
    const undo = parseJson<CloseUndo | null>(entry.undo, null);
    return { kind: 'close', postId: entry.target, settledAt: undo?.settledAt };
  }
  if (entry.kind === 'response_answer') {
    const undo = parseJson<AnswerUndo | null>(entry.undo, null);
    const status = answerOf(entry);
    return undo && status ? { kind: 'answer', postId: undo.postId, responseId: entry.target, status, settledAt: undo.settledAt } : null;
  }
  if (entry.kind !== 'response_create') return null;
  const undo = parseJson<ResponseUndo | null>(entry.undo, null);
  return undo?.response ? { kind: 'respond', postId: undo.postId, response: undo.response, settledAt: undo.settledAt } : null;
}

/**
 * Whether an entry's change is still laid over `post`: while it is unsettled; once accepted, until the stored
 * post is the server's from after the write: its updatedAt at the server's stamp (the answer's), or, when the
 * answer did not say, later than the entry's doneAt.
 */
function stillShown(entry: OutboxEntry, settledAt: number | undefined, post: LocalCommunityPost): boolean {
  if (entry.state === 'pending' || entry.state === 'sending') return true;
  if (entry.state !== 'done') return false;
  return settledAt !== undefined ? post.updatedAt < settledAt : post.updatedAt <= (entry.doneAt ?? 0);
}

/** The post with the owner's answer: the response's status (if still pending there); accepting moves an open post on. */
function withAnswer(post: LocalCommunityPost, responseId: string, status: Answer): LocalCommunityPost {
  const response = post.responses.find((r) => r.id === responseId);
  if (!response || response.status !== 'pending') return post;
  const responses = post.responses.map((r) => (r === response ? { ...r, status } : r));
  if (status === 'accepted' && post.status === 'open') return { ...post, responses, status: 'in_progress', accepted_response_id: response.response_id };
  return { ...post, responses };
}

/**
 * The posts with the responses, answers and closes applied that they may lack: a pull that lands before such an
 * entry is sent, or that left before the server stored it, replaces the post with the server's (without the
 * response, the offer still pending, still open), and the post must still show what is queued or sent.
 * Idempotent: a response already there, an offer answered already or a post already closed is left as it is;
 * only an open post moves to in_progress. `entries`: entries of POST_OVERLAY_KINDS (postOverlayEntries; failed
 * ones and done ones the stored post has caught up with are skipped).
 */
export function withQueuedPostChanges(posts: readonly LocalCommunityPost[], entries: readonly OutboxEntry[]): LocalCommunityPost[] {
  if (entries.length === 0) return [...posts];
  const byPost = new Map<string, { entry: OutboxEntry; change: PostChange }[]>();
  for (const entry of entries) {
    const change = changeOf(entry);
    if (change) byPost.set(change.postId, [...(byPost.get(change.postId) ?? []), { entry, change }]);
  }
  return posts.map((post) => {
    let shown = post;
    for (const { entry, change } of byPost.get(post.id) ?? []) {
      if (!stillShown(entry, change.settledAt, post)) continue;
      if (change.kind === 'close' && shown.status !== 'closed') shown = { ...shown, status: 'closed' };
      if (change.kind === 'answer') shown = withAnswer(shown, change.responseId, change.status);
      if (change.kind === 'respond' && !shown.responses.some((r) => r.id === change.response.id)) {
        shown = { ...shown, responses: [...shown.responses, change.response], responses_count: shown.responses_count + 1 };
      }
    }
    return shown;
  });
}
