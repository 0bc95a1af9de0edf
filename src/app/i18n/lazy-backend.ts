/**
 * An i18next backend that imports one catalogue per language on demand: Vite
 * turns each locales/{lng}/{namespace}.json into its own chunk, and i18next asks
 * only for the active language and its fallbacks.
 */
import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

type CatalogLoader = () => Promise<{ default: ResourceKey }>;

// The seller's app brings its own catalogues (src/app/seller/seller-catalogs.ts): the shopper's first route does
// not even list them; so does the operator's console (src/app/admin/admin-catalogs.ts).
const loaders: Record<string, CatalogLoader> = {
  ...import.meta.glob<{ default: ResourceKey }>(['./locales/*/*.json', '!./locales/*/seller.json', '!./locales/*/admin.json']),
};

/** Catalogues a chunk loaded on demand brings along (catalogPath → loader), read by the backend from then on. */
export function addCatalogLoaders(more: Record<string, CatalogLoader>): void {
  Object.assign(loaders, more);
}

export function catalogPath(language: string, namespace: string): string {
  return `./locales/${language}/${namespace}.json`;
}

export function createLazyBackend(available: Record<string, CatalogLoader> = loaders): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      const load = available[catalogPath(language, namespace)];
      if (!load) {
        callback(new Error(`No catalogue for ${language}/${namespace}`), false);
        return;
      }
      load().then(
        (module) => callback(null, module.default),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
      );
    },
  };
}
