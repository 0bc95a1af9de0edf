/**
 * Building blocks for the RxDB JSON schemas, mirroring the zod helpers of
 * src/domain/catalog.ts. Indexed numbers need minimum, maximum and multipleOf,
 * indexed strings need maxLength (RxDB dev-mode checks SC34-SC37), so the
 * bounds below are generous limits of the real data, not business rules.
 */
import type { JsonSchema } from 'rxdb';
import { TEXT_LANGUAGES } from '../../domain/catalog-text';

/** Largest MAD amount we index (effective_price); far above any real price. */
export const MAX_INDEXED_PRICE = 100_000_000;
/** Epoch milliseconds up to the year 2286. */
export const MAX_EPOCH_MS = 10_000_000_000_000;
/** Upper bound for counters (sales, reviews) and numeric ids. */
export const MAX_COUNT = 1_000_000_000_000;
export const MAX_NUMERIC_ID = 1_000_000_000_000_000;

export const str = (): JsonSchema => ({ type: 'string' });
export const indexedStr = (maxLength: number): JsonSchema => ({ type: 'string', maxLength });
export const bool = (): JsonSchema => ({ type: 'boolean' });
export const strArray = (values?: readonly string[]): JsonSchema => ({
  type: 'array',
  items: values ? { type: 'string', enum: [...values] } : { type: 'string' },
});
export const enumStr = (values: readonly string[]): JsonSchema => ({
  type: 'string',
  enum: [...values],
  maxLength: Math.max(...values.map((v) => v.length)),
});

/** z.number().int() with optional bounds; multipleOf 1 so it can be indexed. */
export const int = (minimum = 0, maximum = MAX_COUNT): JsonSchema => ({
  type: 'integer',
  minimum,
  maximum,
  multipleOf: 1,
});

/** A MAD amount: nonnegative, 2 decimals (z.number().nonnegative().multipleOf(0.01)). */
export const money = (): JsonSchema => ({
  type: 'number',
  minimum: 0,
  maximum: MAX_INDEXED_PRICE,
  multipleOf: 0.01,
});

/** A MAD amount or null (z.number().nonnegative().multipleOf(0.01).nullable()): a discount price. Not indexable. */
export const nullableMoney = (): JsonSchema => ({ type: ['number', 'null'], minimum: 0, multipleOf: 0.01 });

/** A numeric id as a string, e.g. "123" (RxDB primary keys are strings). */
export const numericIdStr = (): JsonSchema => ({ type: 'string', maxLength: 20, pattern: '^\\d+$' });

/** A text in the languages it is held in (localizedTextSchema): optional non-empty strings keyed ma, ar, fr, en, es, de. */
export const localizedText = (): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(TEXT_LANGUAGES.map((l) => [l, { type: 'string', minLength: 1 }])),
  additionalProperties: false,
});
