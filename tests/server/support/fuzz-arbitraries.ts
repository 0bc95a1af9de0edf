/**
 * fast-check generators for junk write requests: bodies (random JSON, deep
 * nesting, strings up to ~100 KB, wrong types under the real field names,
 * unicode, null bytes, prototype-pollution keys, malformed text), odd
 * Content-Types, junk and tampered bearer tokens, junk cookies (souk_session,
 * XSRF-TOKEN) with a junk X-XSRF-TOKEN, junk query strings and path parameters.
 */
import fc from 'fast-check';
import { signTokenLikeTheServer, tamper, type Claims } from './fuzz-tokens';

/** Every body field name the account routes read, plus ones that must be ignored. */
export const FIELD_NAMES = [
  'email', 'password', 'password_confirmation', 'current_password', 'username', 'first_name', 'last_name', 'full_name',
  'full_name_en', 'full_name_ar', 'role', 'token', 'credential', 'is_google_auth', 'google_id', 'phone', 'code', 'type',
  'address', 'apartment', 'city', 'state', 'postal_code', 'country', 'is_default', 'description', 'description_ar',
  'newsletter', 'email_notifications', 'marketing_emails', 'order_updates', 'language', 'timezone', 'id', 'user_id',
  'owner_user_id', 'shop', 'preferences',
] as const;

const SPECIAL_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\u0000'.repeat(64), 'admin', 'seller', 'null', 'undefined', 'true', '0', '-1', 'NaN',
  "' OR 1=1 --", '"; drop table users; --', '<script>alert(1)</script>', '../../etc/passwd', '%00', '\r\n\r\nX: y',
  'a@b.co', 'test@example.test', ' A@B.CO ', '+212600000000', '0612345678', '123456', '000000', 'MA', 'shipping',
  'ﷺ', '🧕🏽👳🏾‍♂️', 'قفطان', '\u202Eevil', '\uD800', '\uFEFF', 'x'.repeat(129), 'Africa/Casablanca', 'Mars/Olympus',
  '__proto__', 'constructor', 'prototype',
];

/** A string of 1,000 to 100,000 characters (a repeated unit, cheap to build and shrink). */
export const hugeString = fc
  .tuple(fc.integer({ min: 1_000, max: 100_000 }), fc.constantFrom('a', 'é', 'ق', '🧕', '\u0000', ' ', '%', '\\', '"'))
  .map(([n, unit]) => unit.repeat(Math.max(1, Math.floor(n / unit.length))));

const smallString = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom(...SPECIAL_STRINGS));

/** Any JSON-able value of any type, weighted towards the awkward ones. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: smallString, weight: 4 },
  { arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0, 2 ** 53 + 1, -1e308, 1e308)), weight: 2 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: fc.array(smallString, { maxLength: 5 }), weight: 1 },
  { arbitrary: fc.dictionary(smallString, smallString, { maxKeys: 4 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

/** An object under the real field names with values of any type. */
const fieldObject = fc.dictionary(fc.constantFrom(...FIELD_NAMES), anyValue, { minKeys: 0, maxKeys: 8 });

/** JSON text nested 50..10,000 levels deep, alone or under a real field. */
const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 10_000 }), fc.constantFrom('array', 'object', 'field'))
  .map(([depth, kind]) => {
    if (kind === 'array') return '['.repeat(depth) + ']'.repeat(depth);
    const nested = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    return kind === 'object' ? nested : `{"email":${nested},"password":${'['.repeat(depth) + ']'.repeat(depth)}}`;
  });

/** Raw JSON texts with pollution keys (JSON.stringify could not write an own __proto__ key). */
const pollution = fc
  .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.constantFrom(...FIELD_NAMES), anyValue)
  .chain(([key, fieldName, value]) =>
    fc.constantFrom(
      `{"${key}":{"role":"admin","isAdmin":true}}`,
      `{"constructor":{"prototype":{"role":"admin"}}}`,
      `{"${fieldName}":${JSON.stringify(value) ?? 'null'},"__proto__":{"role":"admin","${fieldName}":"polluted"}}`,
      `{"${fieldName}":{"__proto__":{"toString":"x"}},"role":"admin"}`,
      `[{"__proto__":{"role":"admin"}}]`,
    ),
  );

const malformed = fc.oneof(
  fc.constantFrom('{', '{"email":', '[', '"', '{"a":1,}', "{'a':1}", 'undefined', 'NaN', '\u0000', '{"a":"\u0000"}', 'email=a%40b.co&password=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** The body text (undefined: none). */
export const bodyText: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 1 },
  { arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)), weight: 3 },
  { arbitrary: fieldObject.map((o) => JSON.stringify(o)), weight: 6 },
  { arbitrary: deepNesting, weight: 1 },
  { arbitrary: fc.tuple(fc.constantFrom(...FIELD_NAMES), hugeString).map(([k, v]) => JSON.stringify({ [k]: v })), weight: 1 },
  { arbitrary: pollution, weight: 2 },
  { arbitrary: malformed, weight: 2 },
);

/** Header-safe text: printable ASCII (what fetch lets through), at most `max` characters. */
export const headerText = (max: number, exclude = ''): fc.Arbitrary<string> =>
  fc
    .array(fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), { maxLength: max })
    .map((cs) => cs.filter((c) => !exclude.includes(c)).join('').trim());

export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 5 },
  {
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'application/JSON',
      'application/json, text/plain',
      'application/vnd.api+json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/octet-stream',
      '*/*',
      '',
      ';',
      'application/json; boundary=',
    ),
    weight: 4,
  },
  { arbitrary: headerText(60), weight: 1 },
);

/** What the fuzz knows of real credentials, to tamper with. */
export interface TokenMaterial {
  /** The signed-in buyer's real token. */
  realToken: string;
  /** The server's signing secret (test server). */
  secret: string;
  /** The claims of the real token (its session id and user id). */
  claims: Claims;
}

/** A token that must not authenticate anyone. */
export function junkToken(m: TokenMaterial): fc.Arbitrary<string> {
  const now = Date.now();
  return fc.oneof(
    headerText(120),
    fc.nat().map((i) => tamper(m.realToken, i)),
    fc.constant(m.realToken.split('.')[0] ?? ''),
    fc.constant(`${m.realToken}.${m.realToken.split('.')[1] ?? ''}`),
    // Right format, wrong secret.
    fc.constant(signTokenLikeTheServer('not-the-secret-not-the-secret-not-it', m.claims)),
    // Right secret, but expired, or naming no live session.
    fc.constant(signTokenLikeTheServer(m.secret, { ...m.claims, iat: now - 2 * 86_400_000, exp: now - 86_400_000 })),
    fc.string({ minLength: 1, maxLength: 30 }).map((sid) => signTokenLikeTheServer(m.secret, { ...m.claims, sid, uid: m.claims.uid + 1 })),
    fc.constantFrom('', 'null', 'undefined', 'Bearer', '.', '..', 'a.b', '%00', 'x'.repeat(5000)),
  );
}

export function authorizationHeader(m: TokenMaterial): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 3 },
    { arbitrary: junkToken(m).map((t) => `Bearer ${t}`), weight: 5 },
    { arbitrary: fc.tuple(fc.constantFrom('Basic ', 'bearer ', 'Bearer  ', 'Token ', ''), junkToken(m)).map(([s, t]) => `${s}${t}`), weight: 2 },
  );
}

const cookieValue = (m: TokenMaterial): fc.Arbitrary<string> =>
  fc.oneof(headerText(80, ';,'), junkToken(m).map((t) => t.replace(/[;,]/g, '')), fc.constant(encodeURIComponent(m.realToken)));

/** A Cookie header of junk pairs, souk_session and XSRF-TOKEN among them (undefined: no cookies). */
export function cookieHeader(m: TokenMaterial): fc.Arbitrary<string | undefined> {
  const pair = fc.tuple(fc.oneof(fc.constantFrom('souk_session', 'XSRF-TOKEN', 'xsrf-token', 'souk_session '), headerText(12, ';,= ')), cookieValue(m));
  return fc.option(fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('; ')), { nil: undefined });
}

export function xsrfHeader(m: TokenMaterial): fc.Arbitrary<string | undefined> {
  return fc.option(cookieValue(m), { nil: undefined });
}

/** encodeURIComponent that cannot throw (a lone surrogate becomes U+FFFD first). */
export const encode = (s: string): string => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));

/** ?a=b&… with junk keys (pollution ones included) and values, URL-encoded. */
export const queryString: fc.Arbitrary<string> = fc.option(
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom('role', '__proto__[role]', 'constructor[prototype][role]', 'id', 'token', 'email', '_method'), fc.string({ maxLength: 10 })), smallString), {
      minLength: 1,
      maxLength: 4,
    })
    .map((pairs) => `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`),
  { nil: '' },
).map((q) => q ?? '');

/** A path parameter: a real id from `real`, or junk (URL-encoded). */
export function pathParam(real: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...real), weight: 3 },
    { arbitrary: fc.integer().map(String), weight: 2 },
    { arbitrary: fc.constantFrom('0', '-1', '1e3', '9007199254740993', '99999999999999999999', '1.5', '0x10', '%00', '%20', 'null', '__proto__', 'constructor', 'x'.repeat(199)), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(encode), weight: 2 },
  );
}

/** Claims of a Google ID token the local verifier signs (tests/helpers/auth.ts fakeGoogle). */
export interface IdTokenClaims {
  sub: string;
  email: string;
  name?: string;
  email_verified?: boolean;
  aud?: string;
  exp?: number;
}

/**
 * Bodies for the Google paths (POST /api/auth/verify-google-token, and login with is_google_auth): junk
 * credentials, tampered or wrongly addressed ID tokens signed by the test key, and some that are valid (a new
 * account may then be created: a 2xx the fuzz counts).
 */
export function googleBody(idToken: (claims: IdTokenClaims) => string, knownEmail: string): fc.Arbitrary<string> {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const claims: fc.Arbitrary<IdTokenClaims> = fc.record({
    sub: fc.oneof(fc.stringMatching(/^\d{5,21}$/), smallString),
    email: fc.oneof(fc.constant(knownEmail), fc.emailAddress(), smallString),
    name: smallString,
    email_verified: fc.boolean(),
    aud: fc.option(fc.constantFrom('someone-else.apps.googleusercontent.com', ''), { nil: undefined }),
    exp: fc.option(fc.constantFrom(nowSeconds - 10, 0, nowSeconds + 10 * 365 * 86_400), { nil: undefined }),
  });
  const credential = fc.oneof(
    claims.map(idToken),
    fc.tuple(claims, fc.nat()).map(([c, i]) => tamper(idToken(c), i)),
    fc.constantFrom('', 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', 'x'.repeat(5000)),
    anyValue,
  );
  return fc.oneof(
    credential.map((c) => JSON.stringify({ credential: c })),
    fc.tuple(credential, fc.oneof(fc.constant(knownEmail), smallString), anyValue).map(([c, email, googleId]) =>
      JSON.stringify({ email, is_google_auth: true, google_id: googleId, credential: c }),
    ),
  );
}
