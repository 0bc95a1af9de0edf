/**
 * A full pull of the catalogue after a schema migration that could not give the stored documents what the server
 * sends now. RxDB keeps a replication's checkpoint across a migration, so after one the pull (and every RESYNC)
 * goes on from that checkpoint and brings only what changed on the server since. That is right when the
 * migration works out the new fields from the stored document (issue 21's variant prices); it is not when the
 * server holds data the device never stored: issue 22's texts in fr, es, de and ma (the migrations of products
 * v2, categories v1 and shops v1 can only build the maps from the stored English and Arabic fields).
 *
 * So the catalogue has a pull generation, CATALOGUE_PULL_GENERATION, kept in the local document `catalogue-pull`.
 * When the replication starts (in the leading instance, before the catalogue's replications start) and the stored
 * generation is older, the checkpoints of the catalogue collections that hold documents are removed (as
 * src/sync/personal-replication.ts removes a signed-out owner's), then the generation is stored. Those
 * collections then pull from the beginning: every document is written again as the server has it now, over the
 * migrated one, while the app keeps showing the stored documents (the "initial sync done" of sync-meta.ts is kept,
 * so nothing is gated). A pull cut short goes on from its own new checkpoint next time. A device that never synced
 * (no documents) only stores the generation. Bump the generation with any future migration of that kind.
 */
import type { RxCollection } from 'rxdb';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import type { SoukDatabase } from '../db/database';
import type { TextLanguage } from '../domain/catalog-text';
import { CATALOGUE_COLLECTIONS, type CatalogueCollection } from './collection-groups';
import type { Checkpoint, ReplicatedCollection } from './protocol';

/** 1: issue 22 (the catalogue's texts in six languages). */
export const CATALOGUE_PULL_GENERATION = 1;
export const CATALOGUE_PULL_ID = 'catalogue-pull';

/** The identifier of a public collection's replication against one API base: its checkpoints are kept under it. */
export function catalogueReplicationId(collection: ReplicatedCollection, apiBase: string): string {
  return `souk-v1-${collection}-${apiBase}`;
}

interface CataloguePullState {
  generation?: unknown;
  /** The language whose descriptions the stored products were pulled with (absent: every language held). */
  descriptionLanguage?: unknown;
}

async function storedState(db: SoukDatabase): Promise<CataloguePullState> {
  return (await db.getLocal<CataloguePullState>(CATALOGUE_PULL_ID))?.toJSON().data ?? {};
}

async function storedGeneration(db: SoukDatabase): Promise<number> {
  const { generation } = await storedState(db);
  return typeof generation === 'number' && Number.isInteger(generation) ? generation : 0;
}

/**
 * Products are pulled with their descriptions in the interface language alone (`lang`, docs/CATALOGUE.md): the
 * pull records which, after each products pull whose language differs from the last recorded.
 */
export async function rememberDescriptionLanguage(db: SoukDatabase, language: TextLanguage | undefined): Promise<void> {
  const state = await storedState(db);
  const { descriptionLanguage: _previous, ...rest } = state;
  await db.upsertLocal(CATALOGUE_PULL_ID, language === undefined ? rest : { ...rest, descriptionLanguage: language });
}

/**
 * Whether the stored products hold their descriptions in another language than `language` (undefined: every
 * language), so that they must be pulled again. Products pulled with every language held serve any language.
 */
export async function descriptionsNeedRepull(db: SoukDatabase, language: TextLanguage | undefined): Promise<boolean> {
  const { descriptionLanguage } = await storedState(db);
  if (typeof descriptionLanguage !== 'string' || descriptionLanguage === language) return false;
  return (await db.products.count().exec()) > 0;
}

/** Drops the stored checkpoint of a collection's replication (it pulls from the beginning when it starts). */
async function removeCheckpoint(db: SoukDatabase, collection: CatalogueCollection, apiBase: string): Promise<void> {
  const state = replicateRxCollection<unknown, Checkpoint>({
    replicationIdentifier: catalogueReplicationId(collection, apiBase),
    collection: db[collection] as RxCollection<unknown>,
    live: false,
    autoStart: false,
    waitForLeadership: false,
    pull: { handler: () => Promise.resolve({ documents: [], checkpoint: undefined }) },
  });
  await state.remove();
}

/**
 * Run before the catalogue's replications start, in the instance that runs them: when the stored pull generation
 * is older than CATALOGUE_PULL_GENERATION, the catalogue collections that hold documents lose their checkpoints
 * (they are pulled again in full). Resolves with those collections (none when the generation is current).
 */
export async function prepareCataloguePull(db: SoukDatabase, apiBase: string): Promise<CatalogueCollection[]> {
  if ((await storedGeneration(db)) >= CATALOGUE_PULL_GENERATION) return [];
  const repulled: CatalogueCollection[] = [];
  for (const collection of CATALOGUE_COLLECTIONS) {
    if ((await (db[collection] as RxCollection<unknown>).count().exec()) === 0) continue;
    await removeCheckpoint(db, collection, apiBase);
    repulled.push(collection);
  }
  await db.upsertLocal(CATALOGUE_PULL_ID, { ...(await storedState(db)), generation: CATALOGUE_PULL_GENERATION });
  return repulled;
}
