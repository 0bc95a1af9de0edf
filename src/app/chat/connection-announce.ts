/**
 * What the chat's connection line reads out (docs/COMMUNITY.md "Screens"): only settled changes, not each
 * connecting ⇄ reconnecting flip of the backoff (2, 4, 8, 16, 30 s), which a status region would announce every
 * time. Settled: offline, the live chat unavailable (attempts used up), and connected again after a loss.
 * The visible line still shows every state. Pure: the component keeps the memo between renders.
 */

/** What the line shows: null while connected (or signed out), else the state's text key. */
export type LineState = 'offline' | 'connecting' | 'error' | 'disconnected' | null;

/** The announcement's text key under chat.connection, or null for none yet. */
export type Announcement = 'offline' | 'disconnected' | 'restored' | null;

export interface AnnounceMemo {
  /** Connected since the line appeared (a later non-connected state is a loss). */
  wasConnected: boolean;
  /** A loss not yet followed by a connection. */
  lost: boolean;
  /** The text the status region holds (unchanged: nothing is read out). */
  announcement: Announcement;
}

/**
 * The memo when the line appears in `state`: nothing read out at first (the visible line says it); a thread opened
 * offline or unavailable counts as a loss, so the connection that follows is read out.
 */
export function initialAnnounce(state: LineState): AnnounceMemo {
  return { wasConnected: state === null, lost: state === 'offline' || state === 'disconnected', announcement: null };
}

/** The memo after the line moves to `next`. */
export function announceConnection(memo: AnnounceMemo, next: LineState): AnnounceMemo {
  if (next === null) {
    return { wasConnected: true, lost: false, announcement: memo.lost ? 'restored' : memo.announcement };
  }
  if (next === 'offline' || next === 'disconnected') return { ...memo, lost: true, announcement: next };
  // connecting / reconnecting: not settled, nothing new to read out.
  return { ...memo, lost: memo.lost || memo.wasConnected };
}
