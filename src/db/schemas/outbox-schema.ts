/**
 * RxDB schema of `outbox`: the queued writes (local only, personal). Each entry
 * is one HTTP request the outbox replayer (src/sync/outbox-replayer.ts) sends with
 * `Idempotency-Key: <id>`, in createdAt order (createdAt is unique per database:
 * see src/db/outbox.ts). A refused entry stays as 'failed' until the UI dismisses it.
 */
import type { RxJsonSchema } from 'rxdb';
import { enumStr, indexedStr, int, MAX_EPOCH_MS, str } from './json-schema-parts';

export const OUTBOX_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type OutboxMethod = (typeof OUTBOX_METHODS)[number];
export const OUTBOX_STATES = ['pending', 'sending', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
/** What the entry does, so the UI can say it and a refusal can be rolled back. */
export const OUTBOX_KINDS = ['follow', 'unfollow'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** The server's refusal of a failed entry (the accounts error shape: status, code, message). */
export interface OutboxFailure {
  status: number;
  code: string;
  message: string;
}

export interface OutboxEntry {
  /** A UUID, sent as the Idempotency-Key. */
  id: string;
  method: OutboxMethod;
  /** Path and query under the API base, e.g. /api/shops/3/follow?timestamp=1700000000000. */
  path: string;
  /** JSON text of the request body, or null for none. */
  body: string | null;
  /** When it was queued (ms); strictly increasing within the database, so it orders the queue. */
  createdAt: number;
  /** Requests made so far (a lost answer counts too). */
  attempts: number;
  /** The last transient failure (network, timeout, http_503…), for diagnostics. */
  lastError: string | null;
  state: OutboxState;
  failure: OutboxFailure | null;
  kind: OutboxKind;
  /** What it acts on (the shop id for follow/unfollow). */
  target: string;
  /** JSON of the local state to restore if the server refuses it (kind-specific), or null. */
  undo: string | null;
}

export const OUTBOX_ID_MAX = 100;

export const outboxSchema: RxJsonSchema<OutboxEntry> = {
  title: 'outbox',
  description: 'Queued writes, replayed in order with an Idempotency-Key (local only, personal).',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: indexedStr(OUTBOX_ID_MAX),
    method: enumStr(OUTBOX_METHODS),
    path: str(),
    body: { type: ['string', 'null'] },
    createdAt: int(0, MAX_EPOCH_MS),
    attempts: int(),
    lastError: { type: ['string', 'null'] },
    state: enumStr(OUTBOX_STATES),
    failure: {
      type: ['object', 'null'],
      properties: { status: int(0, 999), code: str(), message: str() },
      required: ['status', 'code', 'message'],
      additionalProperties: false,
    },
    kind: enumStr(OUTBOX_KINDS),
    target: str(),
    undo: { type: ['string', 'null'] },
  },
  required: ['id', 'method', 'path', 'body', 'createdAt', 'attempts', 'lastError', 'state', 'failure', 'kind', 'target', 'undo'],
  indexes: ['createdAt'],
  additionalProperties: false,
};
