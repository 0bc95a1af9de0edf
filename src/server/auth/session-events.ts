/**
 * Sessions ending (docs/ACCOUNTS.md): every path that deletes session rows
 * (logout, a password or email change, a new session pushing out the oldest,
 * the expiry sweep) calls `app.sessionEvents.ended(userId)` after its delete
 * is committed, `null` when any user's sessions may have ended (the sweep).
 * Listeners recheck what they hold against the sessions table: the chat
 * closes the sockets of sessions that are gone (chat-hub.ts). Push tokens
 * need no listener: their session_id row cascades (migration 0013).
 */
import type { FastifyBaseLogger } from 'fastify';

export type SessionsEndedListener = (userId: number | null) => Promise<void>;

export class SessionEvents {
  private readonly listeners = new Set<SessionsEndedListener>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Returns the unsubscribe function. */
  on(listener: SessionsEndedListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Some sessions of `userId` (null: of anyone) were deleted; resolves once every listener has rechecked. */
  async ended(userId: number | null): Promise<void> {
    await Promise.all(
      [...this.listeners].map(async (listener) => {
        try {
          await listener(userId);
        } catch (error) {
          this.log.error({ err: error }, 'a sessions-ended listener failed');
        }
      }),
    );
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionEvents: SessionEvents;
  }
}
