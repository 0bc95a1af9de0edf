/** A master of products for replication tests: ordered by (updatedAt, id), paged as the server's pull pages them. */
import type { RxCollection } from 'rxdb';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import type { SoukDatabase } from '../../../src/db/database';
import type { ProductDoc } from '../../../src/domain/catalog';
import type { Checkpoint } from '../../../src/sync/protocol';

type Row = ProductDoc & { _deleted: boolean };

export type PullMaster = ReturnType<typeof pullMaster>;

export function pullMaster(products: ProductDoc[]) {
  let clock = 1;
  const rows = new Map<string, Row>(products.map((p) => [p.id, { ...p, updatedAt: clock++, _deleted: false }]));
  /** The checkpoint of every pull asked, in order. */
  const asked: Array<Checkpoint | undefined> = [];
  return {
    asked,
    add(docs: ProductDoc[]) {
      for (const p of docs) rows.set(p.id, { ...p, updatedAt: clock++, _deleted: false });
    },
    update(id: string, patch: Partial<ProductDoc>) {
      rows.set(id, { ...rows.get(id)!, ...patch, updatedAt: clock++ });
    },
    remove(id: string) {
      rows.set(id, { ...rows.get(id)!, updatedAt: clock++, _deleted: true });
    },
    live: () => [...rows.values()].filter((r) => !r._deleted),
    handler: async (checkpoint: Checkpoint | undefined, size: number) => {
      asked.push(checkpoint);
      const after = (r: Row) =>
        !checkpoint || r.updatedAt > checkpoint.updatedAt || (r.updatedAt === checkpoint.updatedAt && r.id > checkpoint.id);
      const page = [...rows.values()]
        .filter(after)
        .sort((a, b) => a.updatedAt - b.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .slice(0, size);
      const last = page[page.length - 1];
      return { documents: page, checkpoint: last ? { updatedAt: last.updatedAt, id: last.id } : checkpoint };
    },
  };
}

/** Replicates `master` into `db`'s products until caught up (pull only, batches of 25); answers the replication's errors. */
export async function pullToEnd(db: SoukDatabase, master: PullMaster, replicationIdentifier: string): Promise<unknown[]> {
  const state = replicateRxCollection<unknown, Checkpoint>({
    replicationIdentifier,
    collection: db.products as RxCollection<unknown>,
    live: false,
    waitForLeadership: false,
    pull: { batchSize: 25, handler: master.handler },
  });
  const errors: unknown[] = [];
  const sub = state.error$.subscribe((e) => errors.push(e));
  await state.awaitInitialReplication();
  await state.cancel();
  sub.unsubscribe();
  return errors;
}
