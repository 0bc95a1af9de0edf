/**
 * Names, times and lists of the chat screens (src/app/chat/chat-format.ts): a name isolated for a translated
 * sentence, "5 minutes ago" and its steps, day
 * separators (today, yesterday, a date) on local calendar days, messages grouped by day, the pages of a thread
 * put together once each, and whether older pages remain.
 */
import { describe, expect, it } from 'vitest';
import { combinePages, dayKey, formatDay, formatRelativeTime, groupByDay, hasOlderPages, isolate } from '../../src/app/chat/chat-format';
import type { LocalMessage, MessagesPage } from '../../src/workers/data-api';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** 15 March 2026, 14:30 local time. */
const NOW = new Date(2026, 2, 15, 14, 30).getTime();

function message(id: string, createdAt: number, extra: Partial<LocalMessage> = {}): LocalMessage {
  return {
    id,
    message_id: 1,
    conversation_id: 1,
    shop_id: 3,
    user_id: 7,
    sender: 'buyer',
    sender_user_id: 7,
    content: id,
    post_id: null,
    attachments: [],
    created_at: createdAt,
    read_at: null,
    updatedAt: createdAt,
    local_state: 'confirmed',
    ...extra,
  };
}

function page(n: number, lastPage: number, data: LocalMessage[]): MessagesPage {
  return { data, meta: { current_page: n, last_page: lastPage, per_page: 20, total: lastPage * 20 } };
}

describe('formatRelativeTime', () => {
  it('steps from now to minutes, hours, days, then a date', () => {
    expect(formatRelativeTime(NOW - 20_000, NOW, 'en')).toBe('now');
    expect(formatRelativeTime(NOW - 5 * MIN, NOW, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(NOW - 1 * MIN, NOW, 'en')).toBe('1 minute ago');
    expect(formatRelativeTime(NOW - 3 * HOUR, NOW, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime(new Date(2026, 2, 14, 9, 0).getTime(), NOW, 'en')).toBe('yesterday');
    expect(formatRelativeTime(new Date(2026, 2, 11, 20, 0).getTime(), NOW, 'en')).toBe('4 days ago');
    expect(formatRelativeTime(new Date(2026, 1, 2, 10, 0).getTime(), NOW, 'en')).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(2026, 1, 2, 10, 0)),
    );
  });

  it('a time a little in the future (another clock) reads as now', () => {
    expect(formatRelativeTime(NOW + 40_000, NOW, 'en')).toBe('now');
  });

  it('speaks the interface language (Darija with Arabic’s conventions)', () => {
    expect(formatRelativeTime(NOW - 5 * MIN, NOW, 'fr')).toBe(new Intl.RelativeTimeFormat('fr-MA', { numeric: 'auto' }).format(-5, 'minute'));
    expect(formatRelativeTime(NOW - 5 * MIN, NOW, 'ma')).toBe(new Intl.RelativeTimeFormat('ar-MA', { numeric: 'auto' }).format(-5, 'minute'));
    expect(formatRelativeTime(NOW - 2 * HOUR, NOW, 'de')).toBe('vor 2 Stunden');
  });
});

describe('days', () => {
  it('separators say Today and Yesterday by calendar day, then the date', () => {
    expect(formatDay(new Date(2026, 2, 15, 0, 5).getTime(), NOW, 'en')).toBe('Today');
    expect(formatDay(new Date(2026, 2, 14, 23, 55).getTime(), NOW, 'en')).toBe('Yesterday');
    expect(formatDay(new Date(2026, 2, 15, 0, 5).getTime(), NOW, 'fr')).toBe('Aujourd’hui');
    const older = new Date(2026, 2, 13, 12, 0).getTime();
    expect(formatDay(older, NOW, 'en')).toBe(new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(older));
  });

  it('groups consecutive messages by local day', () => {
    const a = message('a', new Date(2026, 2, 14, 22, 0).getTime());
    const b = message('b', new Date(2026, 2, 14, 23, 59).getTime());
    const c = message('c', new Date(2026, 2, 15, 0, 1).getTime());
    const groups = groupByDay([a, b, c]);
    expect(groups.map((g) => [g.key, g.messages.map((m) => m.id)])).toEqual([
      ['2026-03-14', ['a', 'b']],
      ['2026-03-15', ['c']],
    ]);
    expect(groups[0]?.at).toBe(a.created_at);
    expect(dayKey(c.created_at)).toBe('2026-03-15');
    expect(groupByDay([])).toEqual([]);
  });
});

describe('pages', () => {
  it('pages 1…n become one list, oldest first; a message in two pages at once is kept once, as the freshest page has it', () => {
    const m1 = message('m1', 1_000);
    const m2 = message('m2', 2_000);
    const m3 = message('m3', 3_000);
    const m3Confirmed = { ...m3, local_state: 'confirmed' as const, message_id: 9 };
    const m3Queued = { ...m3, local_state: 'queued' as const };
    const list = combinePages([page(1, 2, [m2, m3Confirmed]), page(2, 2, [m1, m3Queued])]);
    expect(list.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    expect(list[2]?.local_state).toBe('confirmed');
  });

  it('a page still loading adds nothing; same times keep an id order', () => {
    expect(combinePages([undefined]).length).toBe(0);
    const list = combinePages([page(1, 1, [message('b', 5), message('a', 5)]), undefined]);
    expect(list.map((m) => m.id)).toEqual(['a', 'b']);
  });

  it('older pages remain while fewer pages are loaded than the first page’s last_page', () => {
    expect(hasOlderPages([page(1, 3, [])])).toBe(true);
    expect(hasOlderPages([page(1, 3, []), undefined, undefined])).toBe(false);
    expect(hasOlderPages([page(1, 1, [])])).toBe(false);
    expect(hasOlderPages([undefined])).toBe(false);
  });
});

describe('isolate', () => {
  it('wraps a name in FSI…PDI, so it keeps its own direction inside a sentence', () => {
    expect(isolate('Atelier Fès')).toBe('\u2068Atelier Fès\u2069');
    expect(isolate('متجر الأطلس')).toBe('\u2068متجر الأطلس\u2069');
  });

  it('drops isolate controls inside the name, which would close the isolate early or leave it open', () => {
    expect(isolate('Evil\u2069 name\u2067')).toBe('\u2068Evil name\u2069');
    expect(isolate('')).toBe('\u2068\u2069');
  });
});
