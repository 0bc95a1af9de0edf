/**
 * The UI's typed view of the data worker. comlink's Remote<T> type loses the
 * generics of DataApi (query<Q>, watch<Q>), so the UI talks to DataApi's own
 * types and the one cast lives in wrapDataApi.
 */
import { proxy, releaseProxy, wrap, type ProxyMarked } from 'comlink';
import type { DataApi, DataError, DataQuery, DataWorkerOptions, ResultOf, SyncStatus, Unsubscribe } from '../../workers/data-api';

export type { Unsubscribe } from '../../workers/data-api';

/** The worker's API as the UI uses it (the app starts the worker and calls init once, in client.ts). */
export type DataClient = Omit<DataApi, 'init'>;

/** What a remote unsubscribe looks like on this side: a comlink proxy of the worker's function. */
type RemoteUnsubscribe = (() => Promise<void> | void) & { [releaseProxy]?: () => void };

/** DataApi as seen through comlink, without generics. */
interface WireApi {
  init(options: DataWorkerOptions): Promise<void>;
  query(q: DataQuery): Promise<unknown>;
  watch(
    q: DataQuery,
    onResult: ((result: unknown) => void) & ProxyMarked,
    onError?: ((error: DataError) => void) & ProxyMarked,
  ): Promise<RemoteUnsubscribe>;
  syncStatus(): Promise<SyncStatus>;
  watchSyncStatus(onStatus: ((status: SyncStatus) => void) & ProxyMarked): Promise<RemoteUnsubscribe>;
  awaitInitialSync(): Promise<void>;
  resync(): Promise<void>;
  listingIndexStatus: DataApi['listingIndexStatus'];
  clearPersonalData: DataApi['clearPersonalData'];
  setSession: DataApi['setSession'];
  follow: DataApi['follow'];
  unfollow: DataApi['unfollow'];
  dismissOutboxEntry: DataApi['dismissOutboxEntry'];
  networkChanged: DataApi['networkChanged'];
  languageChanged: DataApi['languageChanged'];
  setDataSaver: DataApi['setDataSaver'];
  setCatalogueMode: DataApi['setCatalogueMode'];
  catalogueStorage: DataApi['catalogueStorage'];
  firstScreenIdle: DataApi['firstScreenIdle'];
  setVariantStock: DataApi['setVariantStock'];
  setVariantPrice: DataApi['setVariantPrice'];
  shipOrder: DataApi['shipOrder'];
  refreshSellerMirror: DataApi['refreshSellerMirror'];
  queueProductDraft: DataApi['queueProductDraft'];
  productDraft: DataApi['productDraft'];
  addToCart: DataApi['addToCart'];
  setCartQuantity: DataApi['setCartQuantity'];
  removeFromCart: DataApi['removeFromCart'];
  clearCart: DataApi['clearCart'];
  applyCoupon: DataApi['applyCoupon'];
  removeCoupon: DataApi['removeCoupon'];
  addToWishlist: DataApi['addToWishlist'];
  updateWishlistItem: DataApi['updateWishlistItem'];
  removeFromWishlist: DataApi['removeFromWishlist'];
  placeOrder: DataApi['placeOrder'];
  cancelOrder: DataApi['cancelOrder'];
  retryOutboxEntry: DataApi['retryOutboxEntry'];
  setBackgroundSyncSupport: DataApi['setBackgroundSyncSupport'];
  createPost: DataApi['createPost'];
  refreshTailors: DataApi['refreshTailors'];
  bookTailor: DataApi['bookTailor'];
  answerResponse: DataApi['answerResponse'];
  sendMessage: DataApi['sendMessage'];
  respondToPost: DataApi['respondToPost'];
  closePost: DataApi['closePost'];
  receiveMessage: DataApi['receiveMessage'];
  markConversationRead: DataApi['markConversationRead'];
}

function localUnsubscribe(remote: RemoteUnsubscribe): Unsubscribe {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    Promise.resolve(remote())
      .catch(() => undefined)
      .finally(() => remote[releaseProxy]?.());
  };
}

/** Wraps a comlink endpoint that exposes DataApi. */
export function wrapDataApi(endpoint: Worker): { client: DataClient; init: DataApi['init'] } {
  const wire = wrap(endpoint) as unknown as WireApi;
  const client: DataClient = {
    query: async <Q extends DataQuery>(q: Q) => (await wire.query(q)) as ResultOf<Q>,
    watch: async <Q extends DataQuery>(q: Q, onResult: (result: ResultOf<Q>) => void, onError?: (error: DataError) => void) =>
      localUnsubscribe(
        await wire.watch(
          q,
          proxy((result: unknown) => onResult(result as ResultOf<Q>)),
          onError ? proxy((error: DataError) => onError(error)) : undefined,
        ),
      ),
    syncStatus: () => wire.syncStatus(),
    watchSyncStatus: async (onStatus) => localUnsubscribe(await wire.watchSyncStatus(proxy(onStatus))),
    awaitInitialSync: () => wire.awaitInitialSync(),
    resync: () => wire.resync(),
    listingIndexStatus: () => wire.listingIndexStatus(),
    clearPersonalData: (options) => wire.clearPersonalData(options),
    setSession: (token) => wire.setSession(token),
    follow: (shopId) => wire.follow(shopId),
    unfollow: (shopId) => wire.unfollow(shopId),
    dismissOutboxEntry: (id) => wire.dismissOutboxEntry(id),
    networkChanged: (online) => wire.networkChanged(online),
    languageChanged: (language) => wire.languageChanged(language),
    setDataSaver: (on) => wire.setDataSaver(on),
    setCatalogueMode: (mode) => wire.setCatalogueMode(mode),
    catalogueStorage: () => wire.catalogueStorage(),
    firstScreenIdle: () => wire.firstScreenIdle(),
    setVariantStock: (input) => wire.setVariantStock(input),
    setVariantPrice: (input) => wire.setVariantPrice(input),
    shipOrder: (input) => wire.shipOrder(input),
    refreshSellerMirror: () => wire.refreshSellerMirror(),
    queueProductDraft: (draft) => wire.queueProductDraft(draft),
    productDraft: (draftId) => wire.productDraft(draftId),
    addToCart: (input) => wire.addToCart(input),
    setCartQuantity: (variantId, quantity) => wire.setCartQuantity(variantId, quantity),
    removeFromCart: (variantId) => wire.removeFromCart(variantId),
    clearCart: () => wire.clearCart(),
    applyCoupon: (code) => wire.applyCoupon(code),
    removeCoupon: () => wire.removeCoupon(),
    addToWishlist: (productId, options) => wire.addToWishlist(productId, options),
    updateWishlistItem: (productId, patch) => wire.updateWishlistItem(productId, patch),
    removeFromWishlist: (productId) => wire.removeFromWishlist(productId),
    placeOrder: (input) => wire.placeOrder(input),
    cancelOrder: (orderId) => wire.cancelOrder(orderId),
    retryOutboxEntry: (id) => wire.retryOutboxEntry(id),
    setBackgroundSyncSupport: (supported) => wire.setBackgroundSyncSupport(supported),
    createPost: (input) => wire.createPost(input),
    refreshTailors: (force, locale) => wire.refreshTailors(force, locale),
    bookTailor: (input) => wire.bookTailor(input),
    answerResponse: (responseId, status) => wire.answerResponse(responseId, status),
    sendMessage: (input) => wire.sendMessage(input),
    respondToPost: (postId, input) => wire.respondToPost(postId, input),
    closePost: (postId) => wire.closePost(postId),
    receiveMessage: (message) => wire.receiveMessage(message),
    markConversationRead: (conversationId) => wire.markConversationRead(conversationId),
  };
  return { client, init: (options) => wire.init(options) };
}
