/**
 * Times, names and lists of the chat screens in the interface language: names isolated for translated strings,
 * "5 minutes ago" (last seen, the conversations list), a message's time of day, day separators ("today",
 * "yesterday", a date), the pages of a thread put together. Pure: `now` and the language are passed in.
 */
import { numberLocale } from '../../domain/money';
import type { LocalMessage, MessagesPage } from '../../workers/data-api';

/** First strong isolate and pop directional isolate (Unicode bidi, UAX #9). */
const FSI = '\u2068';
const PDI = '\u2069';
/** LRI, RLI, FSI, PDI: inside a name they would end (or never end) the isolate around it. */
const ISOLATE_CONTROLS = /[\u2066-\u2069]/g;

/**
 * A name (a shop's, a buyer's) for a translated string: wrapped in FSI…PDI, so an Arabic name in an English
 * sentence or a Latin one in a Darija sentence keeps its own direction and does not reorder the words around it
 * ("{{name}} is typing…", aria-labels, the tab title). In markup use <bdi> instead. Isolate controls inside the
 * name are dropped so it cannot close the isolate early.
 */
export function isolate(name: string): string {
  return `${FSI}${name.replace(ISOLATE_CONTROLS, '')}${PDI}`;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>();
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function relative(language: string): Intl.RelativeTimeFormat {
  const tag = numberLocale(language);
  let f = relativeFormatters.get(tag);
  if (!f) {
    f = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
    relativeFormatters.set(tag, f);
  }
  return f;
}

function dates(language: string, kind: 'time' | 'date' | 'dateTime'): Intl.DateTimeFormat {
  const tag = numberLocale(language);
  const key = `${tag}:${kind}`;
  let f = dateFormatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'time' ? { timeStyle: 'short' } : kind === 'date' ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' };
    f = new Intl.DateTimeFormat(tag, options);
    dateFormatters.set(key, f);
  }
  return f;
}

/** The first letter in upper case ("today" → "Today" as a separator); scripts without case are unchanged. */
function capitalized(text: string, language: string): string {
  const first = text.charAt(0);
  return first.toLocaleUpperCase(numberLocale(language)) + text.slice(1);
}

/**
 * How long ago `at` was: "now", "3 minutes ago", "2 hours ago", "yesterday", "4 days ago"; a date after a week.
 * A time slightly in the future (clock skew) reads as now.
 */
export function formatRelativeTime(at: number, now: number, language: string): string {
  const ago = Math.max(0, now - at);
  const f = relative(language);
  if (ago < MINUTE) return f.format(0, 'second');
  if (ago < HOUR) return f.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return f.format(-Math.floor(ago / HOUR), 'hour');
  const days = calendarDaysBetween(at, now);
  if (days < 7) return f.format(-Math.max(1, days), 'day');
  return dates(language, 'date').format(at);
}

/** A message's time of day ("14:05", "2:05 PM"). */
export function formatClock(at: number, language: string): string {
  return dates(language, 'time').format(at);
}

/** Date and time, for a title attribute. */
export function formatDateTime(at: number, language: string): string {
  return dates(language, 'dateTime').format(at);
}

/** The local calendar day of a time, as YYYY-MM-DD. */
export function dayKey(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Whole local calendar days from `from` to `to` (0 the same day, 1 the day before…), DST-proof. */
function calendarDaysBetween(from: number, to: number): number {
  const a = new Date(from);
  const b = new Date(to);
  return Math.round((Date.UTC(b.getFullYear(), b.getMonth(), b.getDate()) - Date.UTC(a.getFullYear(), a.getMonth(), a.getDate())) / DAY);
}

/** A day separator: "Today", "Yesterday", else the date. */
export function formatDay(at: number, now: number, language: string): string {
  const days = calendarDaysBetween(at, now);
  if (days === 0 || days === 1) return capitalized(relative(language).format(-days, 'day'), language);
  return dates(language, 'date').format(at);
}

export interface DayGroup<M> {
  /** YYYY-MM-DD (local). */
  key: string;
  /** The first message's time, for the separator. */
  at: number;
  messages: M[];
}

/** Consecutive messages (oldest first) grouped by local day. */
export function groupByDay<M extends { created_at: number }>(messages: readonly M[]): DayGroup<M>[] {
  const groups: DayGroup<M>[] = [];
  for (const message of messages) {
    const key = dayKey(message.created_at);
    const last = groups.at(-1);
    if (last && last.key === key) last.messages.push(message);
    else groups.push({ key, at: message.created_at, messages: [message] });
  }
  return groups;
}

/**
 * The messages of pages 1…n of a thread (page 1 the newest; `pages[0]` is page 1, undefined while loading) as
 * one list, oldest first. Pages are live queries that update one after the other when a message arrives, so a
 * message may briefly sit in two of them: it is kept once, as the lowest (freshest) page has it.
 */
export function combinePages(pages: readonly (MessagesPage | undefined)[]): LocalMessage[] {
  const byId = new Map<string, LocalMessage>();
  for (const page of pages) {
    for (const message of page?.data ?? []) if (!byId.has(message.id)) byId.set(message.id, message);
  }
  return [...byId.values()].sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Whether older messages exist beyond the pages loaded (the first page's meta says how many pages there are). */
export function hasOlderPages(pages: readonly (MessagesPage | undefined)[]): boolean {
  const lastPage = pages[0]?.meta.last_page ?? 1;
  return pages.length < lastPage;
}
