/**
 * Failures of the sync transport, with a short code for SyncStatus.error:
 * network (no answer, connection dropped mid-body), timeout, http_<status>
 * (the server answered with an error), protocol (the answer is not wire v1:
 * wrong version, wrong shape, checkpoints out of order). A protocol error is
 * never written to the database.
 */
export type SyncErrorKind = 'network' | 'timeout' | 'http' | 'protocol';

export class SyncError extends Error {
  readonly kind: SyncErrorKind;
  readonly status: number | null;
  constructor(kind: SyncErrorKind, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'SyncError';
    this.kind = kind;
    this.status = options.status ?? null;
  }

  /** The code shown in SyncStatus.error, e.g. 'network', 'http_503', 'protocol'. */
  get code(): string {
    return this.kind === 'http' ? `http_${this.status ?? 0}` : this.kind;
  }
}

/** The SyncStatus code of any failure. */
export function syncErrorCode(error: unknown): string {
  return error instanceof SyncError ? error.code : 'network';
}
