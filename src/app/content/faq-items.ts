/** The FAQ's questions (keys of faq.items in the 'content' catalogue) and the search over them. */
export const FAQ_IDS = [
  'payment',
  'delivery',
  'returns',
  'exchanges',
  'tracking',
  'offline',
  'customRequests',
  'tailoring',
  'support',
  'trust',
] as const;
export type FaqId = (typeof FAQ_IDS)[number];

/** The trust claim (spec §1: 50,000+ shoppers), interpolated as {{shoppers}}. */
export const TRUSTED_SHOPPERS = 50_000;

export interface FaqEntry {
  id: FaqId;
  question: string;
  answer: string;
}

/** Lower case without diacritics, Arabic short vowels and tatweel, so 'Livraison' finds 'livraison' and 'أيام' finds 'ايام'. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآ]/g, 'ا')
    .toLowerCase();
}

/** The entries whose question or answer contains every word of the query (all of them for a blank query). */
export function filterFaq(entries: readonly FaqEntry[], query: string): FaqEntry[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const text = foldForSearch(`${entry.question} ${entry.answer}`);
    return words.every((word) => text.includes(word));
  });
}
