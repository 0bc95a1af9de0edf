/**
 * RxDB dev-mode with ajv validation, for tests only. Loaded with dynamic
 * imports behind an explicit flag, and behind import.meta.env.PROD, which vite
 * replaces with true in production builds: the imports are then dead code and
 * their chunks (dev-mode 73 KB, ajv 249 KB minified) are not even emitted, so
 * the service worker never precaches them. (Without tsx/vite env, e.g. under
 * tsx, import.meta.env is undefined and dev-mode stays available.)
 *
 * Once dev-mode is added it is global to the JavaScript realm: every database
 * created afterwards needs a validating storage (DVM1), so createSoukDatabase
 * keeps wrapping storages after the first devMode: true.
 */
import { addRxPlugin, type RxStorage } from 'rxdb';

let devModeLoaded: Promise<<T, I>(storage: RxStorage<T, I>) => RxStorage<T, I>> | null = null;

export function isDevModeLoaded(): boolean {
  return devModeLoaded !== null;
}

/** Adds the dev-mode plugin once and returns a function that wraps a storage with ajv validation. */
export function loadDevMode(): Promise<<T, I>(storage: RxStorage<T, I>) => RxStorage<T, I>> {
  if (import.meta.env?.PROD) return Promise.reject(new Error('RxDB dev-mode is not part of production builds'));
  devModeLoaded ??= (async () => {
    const [devMode, ajv] = await Promise.all([import('rxdb/plugins/dev-mode'), import('rxdb/plugins/validate-ajv')]);
    devMode.disableWarnings();
    addRxPlugin(devMode.RxDBDevModePlugin);
    // ajv checks multipleOf by exact float division, so 19.99 is "not a multiple of 0.01".
    // A tolerance makes it agree with zod's multipleOf on MAD amounts.
    ajv.getAjv().opts.multipleOfPrecision = 9;
    return <T, I>(storage: RxStorage<T, I>) => ajv.wrappedValidateAjvStorage({ storage });
  })();
  return devModeLoaded;
}
