/**
 * Pull over HTTP: GET /api/sync/{collection}/pull?v=1&updatedAt&id&limit, the
 * answer validated with the protocol's schemas before anyone sees it.
 */
import type { z } from 'zod';
import type { TextLanguage } from '../../domain/catalog-text';
import {
  compareCheckpoints,
  PROTOCOL_VERSION,
  pullResponseSchema,
  type Checkpoint,
  type SyncCollection,
  type syncDocSchemas,
} from '../protocol';
import { timeoutController, type FetchLike } from './fetch-type';
import { SyncError } from './sync-error';

/** A pulled document of collection C (PullResponse<C> widens to the union of all of them). */
export type PulledDoc<C extends SyncCollection> = z.infer<(typeof syncDocSchemas)[C]> & { _deleted: boolean };

/** A validated PullResponse of collection C. */
export interface PulledBatch<C extends SyncCollection> {
  v: typeof PROTOCOL_VERSION;
  documents: PulledDoc<C>[];
  checkpoint: Checkpoint | null;
  remaining: number;
}

export interface PullTransport {
  pull<C extends SyncCollection>(
    collection: C,
    checkpoint: Checkpoint | undefined,
    limit: number,
    abort?: AbortSignal,
  ): Promise<PulledBatch<C>>;
}

export interface HttpPullTransportOptions {
  /** e.g. 'http://localhost:8080' (no trailing slash). */
  apiBase: string;
  fetch?: FetchLike;
  /** Per request, including reading the body (default 30 s). */
  timeoutMs?: number;
  /** Extra request headers, read at each pull (the bearer token of a personal collection). */
  headers?: () => Record<string, string>;
  /**
   * Products: the language whose descriptions to pull (`lang`, docs/CATALOGUE.md), read at each pull; none:
   * every language held.
   */
  descriptionsIn?: () => TextLanguage | undefined;
}

export function pullUrl(
  apiBase: string,
  collection: SyncCollection,
  checkpoint: Checkpoint | undefined,
  limit: number,
  descriptionsIn?: TextLanguage,
): string {
  const params = new URLSearchParams({ v: String(PROTOCOL_VERSION) });
  if (checkpoint) {
    params.set('updatedAt', String(checkpoint.updatedAt));
    params.set('id', checkpoint.id);
  }
  params.set('limit', String(limit));
  if (collection === 'products' && descriptionsIn !== undefined) params.set('lang', descriptionsIn);
  return `${apiBase}/api/sync/${collection}/pull?${params.toString()}`;
}

function describeIssues(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

/** Beyond the schema: the batch must continue the requested checkpoint in order and end at its checkpoint. */
function checkOrder<C extends SyncCollection>(res: PulledBatch<C>, after: Checkpoint | undefined, limit: number): void {
  if (res.documents.length > limit) throw new SyncError('protocol', `pull answered ${res.documents.length} documents for limit ${limit}`);
  let previous = after;
  for (const doc of res.documents) {
    const cp = { updatedAt: doc.updatedAt, id: doc.id };
    if (previous && compareCheckpoints(previous, cp) >= 0) {
      throw new SyncError('protocol', `pull documents out of checkpoint order at ${doc.id}`);
    }
    previous = cp;
  }
  const last = res.documents[res.documents.length - 1];
  if (last && (res.checkpoint === null || compareCheckpoints(res.checkpoint, { updatedAt: last.updatedAt, id: last.id }) !== 0)) {
    throw new SyncError('protocol', 'pull checkpoint is not the last document');
  }
}

export function createHttpPullTransport(options: HttpPullTransportOptions): PullTransport {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    async pull(collection, checkpoint, limit, abort) {
      const url = pullUrl(options.apiBase, collection, checkpoint, limit, options.descriptionsIn?.());
      const t = timeoutController(abort, timeoutMs);
      let text: string;
      let status: number;
      try {
        const headers = { ...options.headers?.(), accept: 'application/json' };
        const res = await doFetch(url, { signal: t.signal, headers, cache: 'no-store' });
        status = res.status;
        // Read the whole body here: a connection that drops mid-body fails as 'network', not as bad JSON.
        text = await res.text();
      } catch (error) {
        if (abort?.aborted) throw error;
        throw new SyncError(t.timedOut() ? 'timeout' : 'network', `pull ${collection} failed: ${String(error)}`, { cause: error });
      } finally {
        t.dispose();
      }
      if (status < 200 || status > 299) {
        throw new SyncError('http', `pull ${collection} answered ${status}`, { status });
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw new SyncError('protocol', `pull ${collection}: body is not JSON`, { cause: error });
      }
      const parsed = pullResponseSchema(collection).safeParse(json);
      if (!parsed.success) {
        throw new SyncError('protocol', `pull ${collection}: not a v${PROTOCOL_VERSION} PullResponse (${describeIssues(parsed.error)})`, {
          cause: parsed.error,
        });
      }
      // Validated with this collection's own document schema.
      const response = parsed.data as unknown as PulledBatch<typeof collection>;
      checkOrder(response, checkpoint, limit);
      return response;
    },
  };
}
