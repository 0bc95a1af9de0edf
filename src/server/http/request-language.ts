/**
 * The language a catalogue answer is written in (docs/CATALOGUE.md "Languages"): `name`, `description` and
 * `category` of products, categories, shops and tailors follow it. First found wins:
 *
 * 1. `?locale=` (any of the six; `ar-MA` is ma, other tags by their primary subtag);
 * 2. the language prefix of the request's own path (`/fr/...`), on a route that has one;
 * 3. the language prefix of the Referer's path: the PWA's pages are `/{lang}/...` and the page's referrer policy
 *    (strict-origin-when-cross-origin) sends their path with the API calls they make;
 * 4. Accept-Language: its best-rated tag that names one of the six;
 * 5. Darija (ma), the default language.
 *
 * Without `?locale=` the answer depends on the Referer and Accept-Language headers: such answers say so in `Vary`,
 * and every cache of them keys on the resolved language (routes/products.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { localeFromTag, type Locale } from './query-params';

export const DEFAULT_LOCALE: Locale = 'ma';

/** The headers a language resolved without `?locale=` depends on. */
export const LANGUAGE_VARY = 'Referer, Accept-Language';

const PATH_PREFIX = /^\/(ma|ar|fr|en|es|de)(?:[/?#]|$)/i;
const REFERER_PATH_PREFIX = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*\/(ma|ar|fr|en|es|de)(?:[/?#]|$)/i;

/** Where a request's language came from. */
export type LanguageSource = 'query' | 'path' | 'referer' | 'accept-language' | 'default';

export interface RequestLanguage {
  language: Locale;
  source: LanguageSource;
}

/** The language a path (`/fr/...`) or absolute URL (`https://souk.ma/fr/...`) names by its first segment. */
function prefixOf(pattern: RegExp, value: string | undefined): Locale | null {
  if (value === undefined) return null;
  const m = pattern.exec(value);
  return m?.[1] === undefined ? null : localeFromTag(m[1]);
}

/** Accept-Language values already read; browsers send a handful of distinct ones. */
const ACCEPTED = new Map<string, Locale | null>();
const MAX_ACCEPTED = 64;

/**
 * The best-rated tag of an Accept-Language header that names one of the six (ties keep the header's order);
 * null when none does. `*` names none.
 */
export function acceptedLocale(header: string | undefined): Locale | null {
  if (header === undefined || header === '') return null;
  const memo = ACCEPTED.get(header);
  if (memo !== undefined) return memo;
  let best: Locale | null = null;
  let bestQ = 0;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.split(';').map((p) => p.trim());
    const qParam = params.find((p) => /^q=/i.test(p));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= bestQ) continue;
    const l = localeFromTag(tag);
    if (l === null) continue;
    best = l;
    bestQ = q;
  }
  if (ACCEPTED.size >= MAX_ACCEPTED) ACCEPTED.clear();
  ACCEPTED.set(header, best);
  return best;
}

/** The raw `?locale=` when it names one of the six (an invalid one is the route's 400, an empty one absent). */
function queryLocale(query: unknown): Locale | null {
  if (typeof query !== 'object' || query === null) return null;
  const raw = (query as Record<string, unknown>).locale;
  return typeof raw === 'string' && raw.trim() !== '' ? localeFromTag(raw) : null;
}

/** The request's language and where it came from (see the module comment). */
export function resolveRequestLanguage(request: FastifyRequest): RequestLanguage {
  const fromQuery = queryLocale(request.query);
  if (fromQuery !== null) return { language: fromQuery, source: 'query' };
  const fromPath = prefixOf(PATH_PREFIX, request.url);
  if (fromPath !== null) return { language: fromPath, source: 'path' };
  const referer = request.headers.referer;
  const fromReferer = prefixOf(REFERER_PATH_PREFIX, typeof referer === 'string' ? referer : undefined);
  if (fromReferer !== null) return { language: fromReferer, source: 'referer' };
  const accepted = acceptedLocale(request.headers['accept-language']);
  if (accepted !== null) return { language: accepted, source: 'accept-language' };
  return { language: DEFAULT_LOCALE, source: 'default' };
}

/**
 * The request's language, with `Vary: Referer, Accept-Language` on the reply unless `?locale=` decided it (then
 * the URL alone decides the answer).
 */
export function requestLanguage(request: FastifyRequest, reply: FastifyReply): Locale {
  const { language, source } = resolveRequestLanguage(request);
  if (source !== 'query' && source !== 'path') varyOnLanguage(reply);
  return language;
}

/** Adds the language's headers to the reply's Vary (keeping what is there). */
export function varyOnLanguage(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const list = typeof current === 'string' && current !== '' ? current.split(',').map((v) => v.trim()) : [];
  for (const name of ['Referer', 'Accept-Language']) {
    if (!list.some((v) => v.toLowerCase() === name.toLowerCase())) list.push(name);
  }
  reply.header('vary', list.join(', '));
}
