/**
 * How much of the catalogue this device keeps (issue 25, DataApi.setCatalogueMode): the shopper's choice from the
 * sync centre, kept in the local document `catalogue-mode` (device-wide: it stays at sign-out), else automatic:
 * 'viewed' while the page says data saving is on or the connection is slow (DataWorkerOptions.dataSaver), 'full'
 * otherwise.
 */
import type { CatalogueMode } from '../workers/data-api';
import type { SoukDatabase } from '../db/database';


/** The longest the products' full pull waits for the page's first screen (DataWorkerOptions.holdCatalogue). */
export const CATALOGUE_HOLD_MAX_MS = 10_000;

export const CATALOGUE_MODE_ID = 'catalogue-mode';

interface StoredChoice {
  chosen: CatalogueMode | null;
}

export function isCatalogueMode(value: unknown): value is CatalogueMode {
  return value === 'full' || value === 'viewed';
}

/** The mode in effect: the shopper's choice wins. */
export function effectiveCatalogueMode(chosen: CatalogueMode | null, dataSaver: boolean): CatalogueMode {
  return chosen ?? (dataSaver ? 'viewed' : 'full');
}

export async function readChosenCatalogueMode(db: SoukDatabase): Promise<CatalogueMode | null> {
  const data = (await db.getLocal<StoredChoice>(CATALOGUE_MODE_ID))?.toJSON().data as Partial<StoredChoice> | undefined;
  return isCatalogueMode(data?.chosen) ? data.chosen : null;
}

export async function writeChosenCatalogueMode(db: SoukDatabase, chosen: CatalogueMode | null): Promise<void> {
  await db.upsertLocal<StoredChoice>(CATALOGUE_MODE_ID, { chosen });
}
