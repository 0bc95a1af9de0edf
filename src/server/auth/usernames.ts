/**
 * Usernames for accounts that did not choose one (spec §5): the last name, or
 * else the first name, lowercased and reduced to ASCII letters and digits,
 * plus a random 4-digit number; with neither, 'user' plus 5 digits. Collisions
 * are resolved by the caller retrying the insert with another candidate.
 */
import { randomInt } from 'node:crypto';

const MAX_BASE = 20;

export function usernameBase(firstName: string, lastName: string): string | null {
  for (const name of [lastName, firstName]) {
    const base = name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, MAX_BASE);
    if (base !== '') return base;
  }
  return null;
}

/** Candidate `attempt` (0, 1, …): the name base with 4 digits for the first tries, then 'user' + 5 digits. */
export function usernameCandidate(firstName: string, lastName: string, attempt: number): string {
  const base = usernameBase(firstName, lastName);
  if (base !== null && attempt < 5) return `${base}${randomInt(1000, 10_000)}`;
  return `user${randomInt(10_000, 100_000)}`;
}

/** Splits a full name at its first space: "Amina El Fassi" → ["Amina", "El Fassi"]. */
export function splitFullName(fullName: string): [string, string] {
  const trimmed = fullName.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  return space === -1 ? [trimmed, ''] : [trimmed.slice(0, space), trimmed.slice(space + 1)];
}
