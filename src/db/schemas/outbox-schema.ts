/**
 * RxDB schema of `outbox`: the queued writes (local only, personal). Each entry
 * is one HTTP request the outbox replayer (src/sync/outbox-replayer.ts) sends with
 * `Idempotency-Key: <id>`, in createdAt order (createdAt is unique per database:
 * see src/db/outbox.ts). A refused entry stays as 'failed' until the UI dismisses it; an accepted one
 * stays 'done' for DONE_RETENTION_MS (the sync centre lists it), then is pruned.
 */
import type { RxJsonSchema } from 'rxdb';
import { OUTBOX_AUTHS, OUTBOX_KINDS, OUTBOX_METHODS, OUTBOX_STATES, type OutboxEntry } from '../outbox-entry';
import { enumStr, indexedStr, int, MAX_EPOCH_MS, str } from './json-schema-parts';

export type { OutboxEntry, OutboxFailure } from '../outbox-entry';

export const OUTBOX_ID_MAX = 100;

export const outboxSchema: RxJsonSchema<OutboxEntry> = {
  title: 'outbox',
  description: 'Queued writes, replayed in order with an Idempotency-Key (local only, personal).',
  /** 1: the kind seller_stock (issue 23); 2: seller_price, seller_order_status, seller_product_create (issue 23). Entries are kept as they are. */
  version: 2,
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
    auth: enumStr(OUTBOX_AUTHS),
    doneAt: { type: ['integer', 'null'], minimum: 0, maximum: MAX_EPOCH_MS },
  },
  required: ['id', 'method', 'path', 'body', 'createdAt', 'attempts', 'lastError', 'state', 'failure', 'kind', 'target', 'undo', 'auth', 'doneAt'],
  indexes: ['createdAt'],
  additionalProperties: false,
};
