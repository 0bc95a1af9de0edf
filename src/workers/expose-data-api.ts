/**
 * DataApi over comlink: watch callbacks arrive as comlink proxies and the
 * unsubscribe functions go back as proxies (src/app/data/data-client.ts calls
 * them and then releases them).
 */
import { expose, proxy, type Endpoint } from 'comlink';
import type { DataApi } from './data-api';

export function exposeDataApi(service: DataApi, endpoint?: Endpoint): void {
  const api: DataApi = {
    init: (options) => service.init(options),
    query: (q) => service.query(q),
    watch: async (q, onResult, onError) => proxy(await service.watch(q, onResult, onError)),
    syncStatus: () => service.syncStatus(),
    watchSyncStatus: async (onStatus) => proxy(await service.watchSyncStatus(onStatus)),
    awaitInitialSync: () => service.awaitInitialSync(),
    resync: () => service.resync(),
    listingIndexStatus: () => service.listingIndexStatus(),
    clearPersonalData: () => service.clearPersonalData(),
    setSession: (token) => service.setSession(token),
    follow: (shopId) => service.follow(shopId),
    unfollow: (shopId) => service.unfollow(shopId),
    dismissOutboxEntry: (id) => service.dismissOutboxEntry(id),
    networkChanged: (online) => service.networkChanged(online),
  };
  expose(api, endpoint);
}
