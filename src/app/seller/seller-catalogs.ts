/**
 * The seller's catalogues (locales/{lng}/seller.json), made known to the i18n backend by the seller's chunks
 * themselves (seller-layout.tsx imports this first), so the shopper's first route does not carry their loaders.
 */
import type { ResourceKey } from 'i18next';
import { addCatalogLoaders, catalogPath } from '../i18n/lazy-backend';

const found = import.meta.glob<{ default: ResourceKey }>('../i18n/locales/*/seller.json');

addCatalogLoaders(
  Object.fromEntries(
    Object.entries(found).map(([path, load]) => {
      const language = /locales\/([^/]+)\/seller\.json$/.exec(path)?.[1] ?? '';
      return [catalogPath(language, 'seller'), load];
    }),
  ),
);
