/**
 * The sign-in forms' pure parts: the redirect parameter (same-origin paths
 * only), the client-side checks mirroring the server's, and API failures said
 * in the user's language (every contract code has a text in every catalogue).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/app/auth/api-client';
import { translateError, translateFieldErrors, translateProblem } from '../../src/app/auth/error-text';
import { redirectFromSearch, safeRedirect } from '../../src/app/auth/redirect';
import { validateLogin, validateRegister } from '../../src/app/auth/validation';
import { LANGUAGES } from '../../src/app/i18n/languages';
import { loginPath, PROTECTED_ROUTES, registerPath, ROUTES } from '../../src/app/routing/paths';

describe('redirect after login', () => {
  it.each([
    ['/orders', '/orders'],
    ['/products?gender=women&page=2', '/products?gender=women&page=2'],
    ['/account/phone#code', '/account/phone#code'],
    ['/checkout', '/checkout'],
  ])('keeps the same-origin path %s', (raw, expected) => {
    expect(safeRedirect(raw)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['https://evil.example/phish'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    ['orders'],
    ['/\t/evil.example'],
    ['/login'],
    ['/register?redirect=%2Forders'],
  ])('turns %j into /', (raw) => {
    expect(safeRedirect(raw)).toBe('/');
  });

  it.each([
    ['/.//evil.com'],
    ['/%2e//evil.com'],
    ['/%2E%2E//evil.com'],
    ['/a/..//evil.com'],
    ['/a/%2e%2e//evil.com'],
    ['/\\evil.com'],
    ['/%5c%5cevil.com'],
    ['/%5Cevil.com'],
    ['/%2f%2fevil.com'],
  ])('turns %j (a second slash or a backslash once normalised) into /', (raw) => {
    expect(safeRedirect(raw)).toBe('/');
  });

  it('whatever it is given, gives a path with exactly one leading / on our origin', () => {
    const unit = fc.constantFrom('/', '\\', '.', '%', '2', 'e', 'E', 'f', 'F', '5', 'c', 'C', ':', '?', '#', '@', 'a', ' ', '\t');
    const segment = fc.constantFrom('', '.', '..', '%2e', '%2E%2e', '%2f', '%5c', '\\', 'a', 'evil.com', '?x', '#y');
    const dotted = fc.array(segment, { maxLength: 6 }).map((segments) => `/${segments.join('/')}`);
    const input = fc.oneof(fc.string(), fc.string({ unit }), fc.string({ unit }).map((s) => `/${s}`), dotted);
    fc.assert(
      fc.property(input, (raw) => {
        const result = safeRedirect(raw);
        expect(result).toMatch(/^\/(?![/\\])/);
        expect(new URL(result, 'https://souk.test').origin).toBe('https://souk.test');
      }),
      { numRuns: 2000 },
    );
  });

  it('reads it from the query string', () => {
    expect(redirectFromSearch('?redirect=%2Forders')).toBe('/orders');
    expect(redirectFromSearch('redirect=%2F%2Fevil.example')).toBe('/');
    expect(redirectFromSearch('')).toBe('/');
  });
});

describe('sign-in paths', () => {
  it('carry the way back, encoded, and leave it out for the home page', () => {
    expect(loginPath('/orders?status=shipped')).toBe('/login?redirect=%2Forders%3Fstatus%3Dshipped');
    expect(registerPath('/account')).toBe('/register?redirect=%2Faccount');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath()).toBe('/login');
  });

  it('protect exactly the pages the contract names', () => {
    expect([...PROTECTED_ROUTES].sort()).toEqual(
      [
        '/account',
        '/account/phone',
        '/address',
        '/checkout',
        '/orders',
        '/orders/:id',
        '/profile',
        '/settings',
        '/seller/orders',
        '/seller',
        '/seller/register',
        '/seller/products',
        '/seller/products/new',
        '/seller/products/:id',
        '/wishlist',
        '/community/messages',
        '/community/messages/:senderId',
        '/community/new',
        '/seller/community/posts/:id/respond',
        // Issue 24: the seller's money and the operator's console.
        '/seller/money',
        '/seller/money/:id',
        '/admin',
        '/admin/moderation',
        '/admin/money',
        '/admin/inbox',
        '/admin/audit',
      ].sort(),
    );
    expect(PROTECTED_ROUTES).not.toContain(ROUTES.login);
  });
});

describe('client-side checks', () => {
  it('login needs an email of the right shape and a password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: { key: 'required', field: 'email' },
      password: { key: 'required', field: 'password' },
    });
    expect(validateLogin({ email: 'amina@', password: 'x' })).toEqual({ email: { key: 'email' } });
    expect(validateLogin({ email: ' amina@example.ma ', password: 'x' })).toEqual({});
  });

  it('register: names optional, password of 8+ characters, confirmation matching', () => {
    const ok = { first_name: '', last_name: '', email: 'a@b.ma', password: '12345678', password_confirmation: '12345678' };
    expect(validateRegister(ok)).toEqual({});
    expect(validateRegister({ ...ok, password: '1234567', password_confirmation: '1234567' })).toEqual({
      password: { key: 'passwordMin', min: 8 },
    });
    expect(validateRegister({ ...ok, password_confirmation: '12345679' })).toEqual({
      password_confirmation: { key: 'passwordMatch' },
    });
    expect(validateRegister({ ...ok, password_confirmation: '' })).toEqual({
      password_confirmation: { key: 'required', field: 'password_confirmation' },
    });
    expect(validateRegister({ ...ok, first_name: 'x'.repeat(101) }).first_name).toEqual({
      key: 'max',
      field: 'first_name',
      max: 100,
    });
  });
});

type AuthT = TFunction<'auth'>;
const LOCALES = join(__dirname, '../../src/app/i18n/locales');

describe('error texts', () => {
  const ts = new Map<string, AuthT>();

  beforeAll(async () => {
    const instance = i18next.createInstance();
    const resources = Object.fromEntries(
      LANGUAGES.map((l) => [l, { auth: JSON.parse(readFileSync(join(LOCALES, l, 'auth.json'), 'utf8')) as object }]),
    );
    await instance.init({ resources, lng: 'en', ns: ['auth'], defaultNS: 'auth', interpolation: { escapeValue: false } });
    for (const l of LANGUAGES) ts.set(l, instance.getFixedT(l, 'auth') as unknown as AuthT);
  });

  const t = (language = 'en'): AuthT => {
    const fixed = ts.get(language);
    if (!fixed) throw new Error(language);
    return fixed;
  };
  const failure = (status: number, code: string, errors: { parameter: string; message: string }[] = []) =>
    new ApiFailure(status, code, 'server text', errors);

  it('uses the spec texts in English', () => {
    expect(translateError(t(), failure(409, 'GOOGLE_EMAIL_EXISTS'))).toBe(
      'An account with this email already exists. Please log in instead.',
    );
    expect(translateError(t(), failure(401, 'GOOGLE_AUTH_FAILED'))).toBe('Google authentication failed');
    expect(translateError(t(), failure(500, 'INTERNAL'), 'login')).toBe('Login failed');
    expect(translateError(t(), failure(500, 'INTERNAL'), 'updateProfile')).toBe('Failed to update profile');
    expect(translateError(t(), failure(422, 'INVALID_CREDENTIALS'), 'login')).toBe(
      'These credentials do not match our records.',
    );
    expect(translateError(t(), failure(0, 'NETWORK'))).toMatch(/network|offline/i);
    expect(translateError(t(), new Error('boom'))).toBe('An unknown error occurred. Please try again.');
  });

  it('says a 422 field error again in the user language, with the field name translated', () => {
    const error = failure(422, 'VALIDATION', [
      { parameter: 'email', message: 'The email field is required.' },
      { parameter: 'password', message: 'The password must be at least 8 characters.' },
      { parameter: 'password_confirmation', message: 'The password confirmation does not match.' },
    ]);
    expect(translateFieldErrors(t('fr'), error)).toEqual({
      email: 'Le champ e-mail est obligatoire.',
      password: 'Le mot de passe doit contenir au moins 8 caractères.',
      password_confirmation: 'La confirmation du mot de passe ne correspond pas.',
    });
    expect(translateError(t('ma'), error)).toBe('خانة الإيميل ضرورية.');
    expect(translateFieldErrors(t(), failure(422, 'EMAIL_TAKEN', [{ parameter: 'email', message: 'The email has already been taken.' }])))
      .toEqual({ email: 'The email has already been taken.' });
  });

  it('translates the client-side problems', () => {
    expect(translateProblem(t('de'), { key: 'passwordMin', min: 8 })).toBe('Das Passwort muss mindestens 8 Zeichen lang sein.');
    expect(translateProblem(t('es'), { key: 'required', field: 'first_name' })).toBe('El campo nombre es obligatorio.');
  });

  it('has a translated text for every contract error code in every language', () => {
    const contract = readFileSync(join(__dirname, '../../docs/ACCOUNTS.md'), 'utf8');
    const codes = [...contract.matchAll(/^\| ([A-Z_]+) \| \d{3} \|/gm)].map((m) => m[1] ?? '');
    expect(codes.length).toBeGreaterThanOrEqual(18);
    const english = new Set(codes.map((code) => translateError(t(), failure(400, code))));
    expect(english.size).toBe(codes.length);
    for (const language of LANGUAGES) {
      for (const code of codes) {
        const text = translateError(t(language), failure(400, code));
        expect(text, `${language} ${code}`).not.toBe('');
        expect(text, `${language} ${code}`).not.toBe(`errors.${code}`);
        if (language !== 'en') expect(text).not.toBe(translateError(t(), failure(400, code)));
      }
    }
  });
});
