/**
 * Who is online (docs/COMMUNITY.md "Real-time chat": presence online /
 * last_seen). Every instance keeps the same book from the bus's presence
 * events: per user, the instances where they have a socket open, and when they
 * were last seen (their last socket closed). In memory: after a restart users
 * show offline with no last_seen until they connect again.
 */
export interface PresenceState {
  online: boolean;
  last_seen: number | null;
}

export class PresenceBook {
  private readonly instances = new Map<number, Set<string>>();
  private readonly lastSeen = new Map<number, number>();

  apply(event: { instance: string; userId: number; online: boolean; lastSeen: number | null }): void {
    const set = this.instances.get(event.userId) ?? new Set<string>();
    if (event.online) set.add(event.instance);
    else set.delete(event.instance);
    if (set.size > 0) this.instances.set(event.userId, set);
    else this.instances.delete(event.userId);
    if (event.lastSeen !== null) this.lastSeen.set(event.userId, Math.max(event.lastSeen, this.lastSeen.get(event.userId) ?? 0));
  }

  of(userId: number | null): PresenceState {
    if (userId === null) return { online: false, last_seen: null };
    return { online: this.instances.has(userId), last_seen: this.lastSeen.get(userId) ?? null };
  }
}
