/**
 * Which queued writes the sync centre may show. Signed out, the entries held for the account whose session
 * ended (a 401, the 24-hour expiry: docs/ACCOUNTS.md "Client") stay on the device until that account signs in
 * again, but they carry its data (an order's name, phone and address): whoever holds the device now sees only
 * the guest's own entries, and a note that others are waiting.
 */
import type { OutboxEntry } from '../../workers/data-api';

export function visibleEntries(entries: readonly OutboxEntry[], signedIn: boolean): { shown: OutboxEntry[]; hidden: number } {
  if (signedIn) return { shown: [...entries], hidden: 0 };
  const shown = entries.filter((e) => e.auth === 'guest');
  return { shown, hidden: entries.length - shown.length };
}
