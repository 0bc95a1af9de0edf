/**
 * DataApi over comlink: watch callbacks arrive as comlink proxies and the
 * unsubscribe functions go back as proxies (src/app/data/data-client.ts calls
 * them and then releases them).
 */
import { expose, proxy, type Endpoint } from 'comlink';
import type { DataApi } from './data-api';
import { keepErrorCodesOverComlink } from './error-codes-over-comlink';

export function exposeDataApi(service: DataApi, endpoint?: Endpoint): void {
  keepErrorCodesOverComlink();
  const api: DataApi = {
    init: (options) => service.init(options),
    query: (q) => service.query(q),
    watch: async (q, onResult, onError) => proxy(await service.watch(q, onResult, onError)),
    syncStatus: () => service.syncStatus(),
    watchSyncStatus: async (onStatus) => proxy(await service.watchSyncStatus(onStatus)),
    awaitInitialSync: () => service.awaitInitialSync(),
    resync: () => service.resync(),
    listingIndexStatus: () => service.listingIndexStatus(),
    clearPersonalData: (options) => service.clearPersonalData(options),
    setSession: (token) => service.setSession(token),
    follow: (shopId) => service.follow(shopId),
    unfollow: (shopId) => service.unfollow(shopId),
    dismissOutboxEntry: (id) => service.dismissOutboxEntry(id),
    networkChanged: (online) => service.networkChanged(online),
    languageChanged: (language) => service.languageChanged(language),
    setDataSaver: (on) => service.setDataSaver(on),
    setCatalogueMode: (mode) => service.setCatalogueMode(mode),
    catalogueStorage: () => service.catalogueStorage(),
    firstScreenIdle: () => service.firstScreenIdle(),
    setVariantStock: (input) => service.setVariantStock(input),
    setVariantPrice: (input) => service.setVariantPrice(input),
    shipOrder: (input) => service.shipOrder(input),
    refreshSellerMirror: () => service.refreshSellerMirror(),
    queueProductDraft: (draft) => service.queueProductDraft(draft),
    productDraft: (draftId) => service.productDraft(draftId),
    addToCart: (input) => service.addToCart(input),
    setCartQuantity: (variantId, quantity) => service.setCartQuantity(variantId, quantity),
    removeFromCart: (variantId) => service.removeFromCart(variantId),
    clearCart: () => service.clearCart(),
    applyCoupon: (code) => service.applyCoupon(code),
    removeCoupon: () => service.removeCoupon(),
    addToWishlist: (productId, options) => service.addToWishlist(productId, options),
    updateWishlistItem: (productId, patch) => service.updateWishlistItem(productId, patch),
    removeFromWishlist: (productId) => service.removeFromWishlist(productId),
    placeOrder: (input) => service.placeOrder(input),
    cancelOrder: (orderId) => service.cancelOrder(orderId),
    retryOutboxEntry: (id) => service.retryOutboxEntry(id),
    setBackgroundSyncSupport: (supported) => service.setBackgroundSyncSupport(supported),
    createPost: (input) => service.createPost(input),
    refreshTailors: (force, locale) => service.refreshTailors(force, locale),
    bookTailor: (input) => service.bookTailor(input),
    answerResponse: (responseId, status) => service.answerResponse(responseId, status),
    sendMessage: (input) => service.sendMessage(input),
    respondToPost: (postId, input) => service.respondToPost(postId, input),
    closePost: (postId) => service.closePost(postId),
    receiveMessage: (message) => service.receiveMessage(message),
    markConversationRead: (conversationId) => service.markConversationRead(conversationId),
  };
  expose(api, endpoint);
}
