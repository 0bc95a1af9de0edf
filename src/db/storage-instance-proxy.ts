/**
 * What the storage wrappers share (pull-only-meta-storage.ts, known-keys-storage.ts): a storage whose chosen
 * instances are replaced by a Proxy that answers some methods itself and forwards everything else.
 */
import type { RxStorage, RxStorageInstance, RxStorageInstanceCreationParams } from 'rxdb';

export type AnyInstance = RxStorageInstance<unknown, unknown, unknown>;

/** `instance` with `overrides` in place of its own methods of those names; `label` names it in errors. */
export function proxyInstance<I extends AnyInstance>(instance: I, overrides: Partial<AnyInstance>, label: string): I {
  return new Proxy(instance, {
    get(target, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof AnyInstance];
      // RxDB would reach the unwrapped storage through it (getUnderlyingPersistentStorage).
      if (property === 'underlyingPersistentStorage') return undefined;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set() {
      // Replacing a method here would replace the wrapped instance's own, which the overrides call.
      throw new Error(`souk: the ${label} storage instance cannot be modified`);
    },
  });
}

/** `storage`, with each instance `wrap` answers for replaced by what it answers (null: the instance as it is). */
export function withWrappedInstances<Internals, Options>(
  storage: RxStorage<Internals, Options>,
  wrap: (instance: AnyInstance, params: RxStorageInstanceCreationParams<unknown, Options>) => AnyInstance | null,
): RxStorage<Internals, Options> {
  return {
    ...storage,
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    async createStorageInstance(params) {
      const instance = await storage.createStorageInstance(params);
      return (wrap(instance as AnyInstance, params as RxStorageInstanceCreationParams<unknown, Options>) ?? instance) as typeof instance;
    },
  };
}
