/**
 * The console's catalogues (locales/{lng}/admin.json), made known to the i18n backend by the console's chunk itself
 * (admin-layout.tsx imports this first), so the shopper's first route does not carry their loaders.
 */
import type { ResourceKey } from 'i18next';
import { addCatalogLoaders, catalogPath } from '../i18n/lazy-backend';

const found = import.meta.glob<{ default: ResourceKey }>('../i18n/locales/*/admin.json');

addCatalogLoaders(
  Object.fromEntries(
    Object.entries(found).map(([path, load]) => {
      const language = /locales\/([^/]+)\/admin\.json$/.exec(path)?.[1] ?? '';
      return [catalogPath(language, 'admin'), load];
    }),
  ),
);
