/**
 * One Idempotency-Key per intended write (docs/REVIEWS-FOLLOWS.md "Idempotent writes"): the same submission sent
 * again (a retry after a lost answer or a failure) carries the same key, so the server acts once; once it succeeded,
 * or when what is sent changes, the next submission gets a new key (the server refuses a key reused with another
 * body: 422 IDEMPOTENCY_KEY_REUSED).
 */
export interface SubmissionKey {
  /** The key to send `body` (any text that identifies what is sent) with. */
  keyFor: (body: string) => string;
  /** The write was applied: the next submission is a new one. */
  succeeded: () => void;
}

export function submissionKey(newKey: () => string = () => crypto.randomUUID()): SubmissionKey {
  let current: { body: string; key: string } | null = null;
  return {
    keyFor(body) {
      if (current === null || current.body !== body) current = { body, key: newKey() };
      return current.key;
    },
    succeeded() {
      current = null;
    },
  };
}
