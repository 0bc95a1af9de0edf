/**
 * When an open thread marks its messages read (docs/COMMUNITY.md "Screens"), outside React so it is tested with
 * fakes: only while the page is visible (a thread left open in a background tab reads nothing), and again when
 * it becomes visible.
 *
 * - The local mark (DataApi.markConversationRead) on each update of a visible thread with a conversation: on
 *   open, when unread messages come in, when the page becomes visible.
 * - The server's mark comes with the REST fetch of page 1, which the hook makes (also only while visible). Unread
 *   messages noticed while visible schedule another fetch (`askServer`) at most every READ_AGAIN_MS after the
 *   last one; when it is due, a fetch made since they were noticed has marked them already.
 *
 *   const marker = new ThreadReadMarker({ markLocal, askServer });
 *   marker.update({ conversationId, unread, visible });   // on every change of the three
 *   marker.asked(Date.now());                              // when a fetch of page 1 starts
 *   marker.dispose();
 */

/** Unread messages arriving while the thread is open are marked read on the server at most this often. */
export const READ_AGAIN_MS = 3_000;

export interface ReadMarkerDeps {
  markLocal(conversationId: number): void;
  /** Fetch page 1 again (the server marks the messages read). */
  askServer(): void;
  now?: () => number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export interface ReadMarkerState {
  conversationId: number | null;
  /** The local conversation counts unread messages. */
  unread: boolean;
  /** document.visibilityState === 'visible'. */
  visible: boolean;
}

export class ThreadReadMarker {
  private lastAsked = 0;
  private pending: unknown = null;
  private readonly now: () => number;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly deps: ReadMarkerDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.setTimer = deps.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
    this.clearTimer = deps.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  /** A fetch of page 1 started now (it marks what the server has read). */
  asked(at: number): void {
    this.lastAsked = at;
  }

  update({ conversationId, unread, visible }: ReadMarkerState): void {
    if (conversationId === null || !visible) return;
    this.deps.markLocal(conversationId);
    // The local mark clears `unread` at once, so the server's mark is scheduled apart and survives that.
    if (!unread || this.pending !== null) return;
    const noticedAt = this.now();
    this.pending = this.setTimer(
      () => {
        this.pending = null;
        if (this.lastAsked < noticedAt) this.deps.askServer();
      },
      Math.max(0, this.lastAsked + READ_AGAIN_MS - noticedAt),
    );
  }

  dispose(): void {
    if (this.pending !== null) this.clearTimer(this.pending);
    this.pending = null;
  }
}
