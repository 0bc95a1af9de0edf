/**
 * Who sees what in the operator's console (issue 24 "Permissions", decisions.md "Roles"): admins and managers open
 * it; a manager does shops, moderation and the inbox, and only an admin does money. The server enforces the same
 * table; the console only leaves out what would be refused. Also the console's small pure rules: the period an
 * admin closes by default, and the commission rate as typed.
 */
import type { Role } from '../../domain/account';
import { addDays, periodOf, type LocalDate } from '../../domain/ledger';

export const ADMIN_SECTIONS = ['shops', 'moderation', 'money', 'inbox', 'audit'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

const OPERATORS: ReadonlySet<Role> = new Set(['admin', 'manager']);

export function canOpenConsole(role: Role | undefined): boolean {
  return role !== undefined && OPERATORS.has(role);
}

/** The sections a role may open: money is the admin's alone. */
export function sectionsFor(role: Role | undefined): AdminSection[] {
  if (!canOpenConsole(role)) return [];
  return ADMIN_SECTIONS.filter((section) => section !== 'money' || role === 'admin');
}

/** The last day of the latest period that is over at `now` (Casablanca): the one a close is for by default. */
export function lastEndedPeriodEnd(now: number): LocalDate {
  return addDays(periodOf(now).start, -1);
}

/**
 * A commission rate as typed in the console: '' is the default rate (null); else a percent from 0 to 100 with at
 * most 2 decimals ('12,5' is read as 12.5). Anything else is undefined.
 */
export function parseCommissionRate(text: string): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= 100 ? value : undefined;
}
