/**
 * Errors keep their `code` across the worker boundary. comlink's built-in
 * "throw" handler sends only an Error's message, name and stack, so an
 * OrderError('ORDER_NOT_CANCELLABLE') reached the page as a bare Error and the
 * UI could only show a generic text (errors are codes inside, translated at the
 * edge). This wraps that handler on the worker side to add a string `code`;
 * comlink's own deserialize (Object.assign onto a new Error) restores it on the
 * page side, so nothing changes there.
 */
import { transferHandlers, type TransferHandler } from 'comlink';

interface SerializedThrow {
  isError: boolean;
  value: unknown;
}

function isSerializedError(value: unknown): value is SerializedThrow & { value: Record<string, unknown> } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as SerializedThrow).isError === true &&
    typeof (value as SerializedThrow).value === 'object' &&
    (value as SerializedThrow).value !== null
  );
}

let installed = false;

export function keepErrorCodesOverComlink(): void {
  if (installed) return;
  const builtIn = transferHandlers.get('throw') as TransferHandler<{ value: unknown }, unknown> | undefined;
  if (!builtIn) return;
  installed = true;
  transferHandlers.set('throw', {
    canHandle: (value: unknown): value is { value: unknown } => builtIn.canHandle(value),
    serialize(thrown: { value: unknown }) {
      const [serialized, transferables] = builtIn.serialize(thrown);
      const code = thrown.value instanceof Error ? (thrown.value as Error & { code?: unknown }).code : undefined;
      if (typeof code === 'string' && isSerializedError(serialized)) serialized.value.code = code;
      return [serialized, transferables];
    },
    deserialize: (serialized: unknown) => builtIn.deserialize(serialized),
  } satisfies TransferHandler<{ value: unknown }, unknown>);
}
